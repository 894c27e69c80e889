/**
 * A strategy's requests, seen from its side of the wire:
 * - a `POST /batch` made only of re-reads of organizations still being profiled
 *   (`GET /organizations/{id}`) is a background poll that runs on its own schedule, whatever the sheet
 *   is doing; everything else is a lookup the sheet asked for;
 * - `rounds` is the longest chain of requests each sent after the one before it was answered: the
 *   round trips a strategy waits through one after another, whatever it does in parallel.
 */
const POLL = /^\/organizations\/\d+(\/private)?$/;

interface Exchange {
  sentAt: number;
  answeredAt: number | null;
}

export class Traffic {
  requests = 0;
  polls = 0;
  private exchanges: Exchange[] = [];
  private inFlight = 0;

  /** `send`: the fetch that really sends (Node's by default). */
  constructor(private readonly send: typeof fetch = (input, init) => fetch(input, init)) {}

  readonly fetch: typeof fetch = async (input, init) => {
    this.requests += 1;
    if (isPoll(init?.body)) this.polls += 1;
    const exchange: Exchange = { sentAt: performance.now(), answeredAt: null };
    this.exchanges.push(exchange);
    this.inFlight += 1;
    try {
      return await this.send(input, init);
    } finally {
      this.inFlight -= 1;
      exchange.answeredAt = performance.now();
    }
  };

  /** Round trips waited for one after another (see above). */
  get rounds(): number {
    const depth: number[] = [];
    this.exchanges.forEach((exchange, i) => {
      let before = 0;
      for (let j = 0; j < i; j += 1) {
        const answeredAt = this.exchanges[j].answeredAt;
        if (answeredAt !== null && answeredAt <= exchange.sentAt) before = Math.max(before, depth[j]);
      }
      depth.push(before + 1);
    });
    return Math.max(0, ...depth);
  }

  /** Resolves when no request is waiting for its answer, so that counting can start afresh. */
  async quiet(): Promise<void> {
    while (this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  reset(): void {
    this.requests = 0;
    this.polls = 0;
    this.exchanges = [];
  }
}

function isPoll(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  const items: unknown = JSON.parse(new URLSearchParams(body).get('requests') ?? 'null');
  return (
    Array.isArray(items) &&
    items.length > 0 &&
    items.every(
      (item: { url?: unknown; method?: unknown }) =>
        item.method === 'GET' && typeof item.url === 'string' && POLL.test(item.url),
    )
  );
}
