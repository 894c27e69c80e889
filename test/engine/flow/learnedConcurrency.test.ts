/**
 * The limiter learns the transport's concurrency from round trips, on a fake clock, against a modeled
 * transport: `connections` requests carried at once, first come first served, the rest waiting unseen
 * in the runtime (a browser's 6 per host over HTTP/1.1, a server's stream limit over HTTP/2), and a
 * service that takes `latency + perItem x items` per batch.
 */
import { KEY_MEMORY_STORAGE_KEY } from '../../../src/engine/flow/keyMemory';
import {
  AimdLimiter,
  BROWSER_H1_CONNECTIONS,
  headroom,
  OPEN_MOST,
  OPEN_WINDOW,
  WIDE_BEYOND,
  type Ticket,
} from '../../../src/engine/flow/limiter';
import { FakeService } from '../fakeService';
import { behindConnections } from '../modeledTransport';
import { advance, rig, supplier } from '../rig';

interface Model {
  connections: number;
  latencyMs: number;
  perItemMs: number;
  /** Batches of 100 items waiting when the window opens. */
  batches: number;
  cap: number;
  /**
   * The runtime's time to read one answer (its cells' work): answers that arrive meanwhile wait to be
   * read, while the transport passes a freed connection to a waiting request at once. Default 0.
   */
  readMs?: number;
  /**
   * A busy service: each batch takes up to this much longer than `latency + perItem x items`, more or
   * less from batch to batch (a fixed sequence: every run is the same). Default 0.
   */
  jitterMs?: number;
  /** The first this many batches are carried at once whatever `connections` says: a transport that looked wide. */
  wideFirst?: number;
  /**
   * Full batches waiting when the probe answered (the rest of the sheet still being asked). Default:
   * all of them.
   */
  openedWith?: number;
}

/** Sends a backlog through the modeled transport; the windows the limiter chose and when it finished. */
function run(model: Model): { windows: number[]; doneAt: number; floorMs: number } {
  let clock = 0;
  const limiter = new AimdLimiter(model.cap, () => clock);
  limiter.open(model.openedWith ?? model.batches); // a healthy probe came back, with the backlog waiting
  const serviceMs = model.latencyMs + model.perItemMs * 100;
  const answers: Array<{ at: number; ticket: Ticket }> = [];
  const unread: Ticket[] = [];
  const waitingForConnection: Ticket[] = [];
  let carried = 0;
  let runtimeFreeAt = 0;
  let turn = 0;
  const extraMs = (): number => ((turn = (turn * 37 + 11) % 101) / 100) * (model.jitterMs ?? 0);
  const carry = (ticket: Ticket): void => {
    carried += 1;
    answers.push({ at: clock + serviceMs + extraMs(), ticket });
    answers.sort((a, b) => a.at - b.at);
  };
  let left = model.batches;
  const windows: number[] = [];
  const sendWhatFits = (): void => {
    while (left > 0 && limiter.canSend()) {
      left -= 1;
      const ticket = limiter.acquire(100);
      if (carried < model.connections || model.batches - left <= (model.wideFirst ?? 0)) carry(ticket);
      else waitingForConnection.push(ticket);
    }
    windows.push(limiter.limit);
  };
  sendWhatFits();
  while (answers.length > 0 || unread.length > 0) {
    const readAt = unread.length > 0 ? Math.max(clock, runtimeFreeAt) : Infinity;
    if (answers.length > 0 && answers[0].at <= readAt) {
      const { at, ticket } = answers.shift()!; // an answer arrives; its connection passes straight on
      clock = at;
      carried -= 1;
      const next = waitingForConnection.shift();
      if (next) carry(next);
      unread.push(ticket);
      continue;
    }
    clock = readAt; // the runtime reads the oldest answer, then sends what the window allows
    limiter.release(unread.shift()!, 'ok', left > 0);
    sendWhatFits();
    runtimeFreeAt = clock + (model.readMs ?? 0);
  }
  const floorMs = Math.ceil(model.batches / Math.min(model.connections, model.batches)) * serviceMs;
  return { windows, doneAt: clock, floorMs };
}

test("behind a browser's six HTTP/1.1 connections the window comes down to about six", () => {
  const { windows, doneAt, floorMs } = run({ connections: 6, latencyMs: 400, perItemMs: 5, batches: 350, cap: 128 });
  expect(windows[0]).toBe(128); // the probe opened it to the backlog, as far as the cap
  // The batches beyond the six waited in the transport, which kept every connection busy meanwhile.
  const settled = windows.slice(-100);
  expect(Math.max(...settled)).toBeLessThanOrEqual(8); // a quarter more than the transport carries, at most
  expect(Math.min(...settled)).toBeGreaterThanOrEqual(6); // never below it: no time lost
  expect(doneAt).toBe(floorMs);
});

test('while the runtime is busy reading answers, a few batches wait in the transport: the connections never idle', () => {
  // 6 connections answer one batch every 30 ms; reading one takes the runtime 25 ms.
  const { windows, doneAt, floorMs } = run({
    connections: 6,
    latencyMs: 80,
    perItemMs: 1,
    batches: 350,
    cap: 128,
    readMs: 25,
  });
  const settled = windows.slice(-100);
  expect(Math.min(...settled)).toBeGreaterThanOrEqual(6 + headroom(6));
  expect(Math.max(...settled)).toBeLessThanOrEqual(6 + headroom(6));
  expect(doneAt).toBeLessThanOrEqual(floorMs + 2 * 180); // the last answers' reading, and a round of learning
});

test('over one HTTP/2 connection carrying 100 streams the window grows past 16 towards 100', () => {
  const { windows, doneAt, floorMs } = run({ connections: 100, latencyMs: 400, perItemMs: 5, batches: 1500, cap: 256 });
  expect(Math.max(...windows)).toBeGreaterThanOrEqual(100);
  expect(Math.max(...windows.slice(-20))).toBeLessThanOrEqual(150);
  expect(doneAt).toBeLessThanOrEqual(1.3 * floorMs + 2 * 900); // two rounds of growing, at most
});

test('a healthy probe opens no wider than OPEN_MOST, however long the backlog; a wide transport then opens the rest up to the cap', () => {
  // Before any answer, six connections cannot be told from a wide transport: a longer blind line would
  // wait in the browser. Once answers show none waited, the window goes past it.
  const wide = run({ connections: Infinity, latencyMs: 900, perItemMs: 1, batches: 350, cap: 256 });
  expect(wide.windows[0]).toBe(OPEN_MOST);
  expect(Math.max(...wide.windows)).toBe(256);
  expect(wide.doneAt).toBeLessThanOrEqual(2 * 1_000); // the rest left in the round trip after the first answers
  const narrow = run({ connections: 6, latencyMs: 400, perItemMs: 5, batches: 350, cap: 256 });
  expect(narrow.windows[0]).toBe(OPEN_MOST);
  // Its first wave of six answers waited for nothing: a wave more, before the waits show.
  expect(Math.max(...narrow.windows)).toBeLessThanOrEqual(OPEN_MOST + BROWSER_H1_CONNECTIONS);
  expect(Math.max(...narrow.windows.slice(-100))).toBeLessThanOrEqual(6 + headroom(6));
});

test('with as many connections as asked, answers that never wait open the window wide, up to the cap', () => {
  const { windows } = run({ connections: Infinity, latencyMs: 80, perItemMs: 1, batches: 350, cap: 64 });
  expect(windows.indexOf(64)).toBeLessThan(OPEN_WINDOW + 1); // within the first round of answers
  expect(Math.max(...windows)).toBe(64);
});

test('a slow service without a connection limit: a backlog of 73 batches leaves in one round trip after the probe', () => {
  const { windows, doneAt } = run({ connections: Infinity, latencyMs: 900, perItemMs: 1, batches: 73, cap: 128 });
  expect(doneAt).toBe(1_000); // all 73 at once; a first round of 16 made it two round trips
  expect(windows[0]).toBe(78); // 73 in whole waves of six
});

test('a busy service over a wide transport: round trips up to twice the fastest are the service, not waits, and the window stays at the cap', () => {
  // No connection limit; each batch takes 900 to 1,500 ms. The whole backlog leaves in three rounds.
  const { windows, doneAt } = run({
    connections: Infinity,
    latencyMs: 400,
    perItemMs: 5,
    batches: 364,
    cap: 128,
    jitterMs: 600,
  });
  expect(Math.min(...windows.slice(-100))).toBe(128);
  expect(doneAt).toBeLessThanOrEqual((Math.ceil(364 / 128) + 1) * 1_500); // at the cap, and a round of growing
});

test('a busy service over 100 streams: the window still comes down to what they carry, and the backlog leaves near the floor', () => {
  const { windows, doneAt } = run({
    connections: 100,
    latencyMs: 400,
    perItemMs: 5,
    batches: 1500,
    cap: 256,
    jitterMs: 600,
  });
  expect(Math.max(...windows.slice(-20))).toBeLessThanOrEqual(100 + headroom(100));
  expect(doneAt).toBeLessThanOrEqual((1500 / 100) * 1_500); // every round as slow as the slowest batch
});

test('the same busy service behind six connections: the window comes down to about six', () => {
  const { windows } = run({ connections: 6, latencyMs: 400, perItemMs: 5, batches: 350, cap: 128, jitterMs: 600 });
  expect(Math.max(...windows.slice(-100))).toBeLessThanOrEqual(6 + headroom(6));
});

test('a transport that looked wide at first and then carries six is judged by six again: its waits count', () => {
  // The first 24 batches went through at once; from then on six connections carry the rest. The probe
  // answered while only a first round's worth waited, so the window opened narrow and had to grow.
  const { windows } = run({
    connections: 6,
    latencyMs: 400,
    perItemMs: 5,
    batches: 350,
    cap: 128,
    wideFirst: 24,
    openedWith: OPEN_WINDOW,
  });
  expect(windows[0]).toBe(OPEN_WINDOW);
  expect(Math.max(...windows.slice(0, 40))).toBeGreaterThan(OPEN_WINDOW); // taken for wide
  // It comes down by at most half per reading, then stays where six connections and their headroom are.
  expect(Math.max(...windows.slice(-50))).toBeLessThanOrEqual(6 + headroom(6));
});

test('a run of answers without waiting no longer than a browser carries over HTTP/1.1 opens nothing wide', () => {
  // Opened narrow (a first round's worth waited when the probe answered), it never takes the transport for wide.
  const { windows } = run({
    connections: WIDE_BEYOND,
    latencyMs: 400,
    perItemMs: 5,
    batches: 350,
    cap: 128,
    openedWith: OPEN_WINDOW,
  });
  expect(Math.max(...windows)).toBeLessThanOrEqual(OPEN_WINDOW + WIDE_BEYOND);
});

test('opened to the whole backlog behind as many connections as that run, the window still comes down to them', () => {
  // Its waits count at 1.25x (not a wide transport's 2x), so it does not stay wide.
  const { windows } = run({ connections: WIDE_BEYOND, latencyMs: 400, perItemMs: 5, batches: 350, cap: 128 });
  expect(windows[0]).toBe(128);
  expect(Math.max(...windows.slice(-100))).toBeLessThanOrEqual(WIDE_BEYOND + headroom(WIDE_BEYOND));
});

test('without a backlog nothing says the window should be wider: it stays where the probe opened it', () => {
  const { windows } = run({ connections: Infinity, latencyMs: 80, perItemMs: 1, batches: 10, cap: 128 });
  expect(Math.max(...windows)).toBe(OPEN_WINDOW);
});

test('the engine behind six connections, on a fake clock: the window it remembers for the key is about six', async () => {
  // 50 batches: the window the probe opened (54) has come down only by half when the sheet ends, but the
  // next sheet starts at what the six connections were seen to carry, not at that.
  jest.useFakeTimers();
  try {
    const service = new FakeService();
    const { engine, storage } = await rig(
      { maxBatch: 100 },
      { service, fetch: behindConnections(service.fetch, 6, 400) },
    );
    const calls = Array.from({ length: 5_000 }, (_, i) => engine.organization(supplier(i)));
    await advance(60_000);
    await Promise.all(calls);
    await engine.flush();
    await advance(0);
    const remembered = JSON.parse((await storage.getItem(KEY_MEMORY_STORAGE_KEY))!) as Record<string, { w: number }>;
    expect(remembered['https://api.example.com'].w).toBeGreaterThanOrEqual(6);
    expect(remembered['https://api.example.com'].w).toBeLessThanOrEqual(8);
    engine.dispose();
  } finally {
    jest.useRealTimers();
  }
});
