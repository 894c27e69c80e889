/**
 * Flow control for batches in flight. The window (`limit`) starts at 4; a healthy probe of a new key
 * opens it to the whole backlog (`open`: at least OPEN_WINDOW, at most OPEN_MOST, in whole waves of a
 * browser's six HTTP/1.1 connections), a known key starts at the window it sustained before (`startAt`).
 * From there it follows what the answers show, up to the cap from settings:
 * - the transport (concurrencyGauge.ts): while requests back up and answers show no waiting for a
 *   connection, every healthy batch adds one (the window doubles per round trip, as in TCP's slow
 *   start, then grows by one per `limit` healthy batches); more answers in a row without waiting than
 *   a browser carries over HTTP/1.1 (WIDE_BEYOND) show a wide transport (HTTP/2, or no limit), and
 *   slow start then widens to WIDE_FACTOR times that run, so a slow service's backlog leaves in the
 *   next round trip rather than over several doublings, and from then on only a round trip of twice
 *   the service time counts as a wait (a busy service's longer round trips would otherwise bring the
 *   window down to a fraction of what the transport carries; a reading that the transport carries no
 *   more than a browser's HTTP/1.1 ends this); a batch that waited for a connection brings
 *   the window down towards the concurrency the transport showed (6 behind a browser's HTTP/1.1, the
 *   server's stream limit over HTTP/2) plus its `headroom`: a few batches wait in the transport, which sends
 *   each the moment a connection frees, while the runtime is still busy reading answers (a browser's
 *   network stack does not wait for the page's script). It comes down at most by half per reading: a
 *   reading taken while the CPU was busy (answers read late look like answers that waited) must not
 *   throw away what earlier rounds learnt;
 * - the service: a 429 halves the window (AIMD), once per congestion event: batches sent before the
 *   last decrease that come back 429 do not halve again (each carries the epoch it was sent in); a
 *   shared pause, `Retry-After` (or a back-off when it is absent), stops every sender; and from then
 *   on requests leave at the rate the service was seen to take (ratePacer.ts).
 */
import { MAX_RETRY_AFTER_MS } from '../../service/responseErrors';
import { ConcurrencyGauge } from './concurrencyGauge';
import { RatePacer, type PacedSend } from './ratePacer';

export type BatchHealth = 'ok' | 'rate-limited' | 'failed';

export const INITIAL_CONCURRENCY = 4;
/** Requests a browser sends at once to one host over HTTP/1.1; the rest wait in the browser. */
export const BROWSER_H1_CONNECTIONS = 6;
/** The least a healthy probe opens the window to: three full waves of a browser's HTTP/1.1 connections. */
export const OPEN_WINDOW = 3 * BROWSER_H1_CONNECTIONS;
/**
 * The most it opens the window to, before any answer shows how wide the transport is: behind a
 * browser's six HTTP/1.1 connections every batch beyond them waits in the browser's line, and a
 * batch retried after a dropped connection joins its end.
 */
export const OPEN_MOST = 128;

/** Batches kept waiting in the transport beyond what it carries: a quarter more, at least 2. */
export const headroom = (carried: number): number => Math.max(2, Math.ceil(carried / 4));

/**
 * Answers in a row without waiting beyond which the transport is wider than a browser's six HTTP/1.1
 * connections and their headroom.
 */
export const WIDE_BEYOND = BROWSER_H1_CONNECTIONS + headroom(BROWSER_H1_CONNECTIONS);
/** How much wider than such a run slow start opens the window. */
const WIDE_FACTOR = 4;

/** A slot taken by one batch, handed back to `release` with how the batch went. */
export interface Ticket {
  readonly epoch: number;
  readonly sentAt: number;
  /** Batches in flight once this one was sent, itself included. */
  readonly position: number;
  readonly items: number;
  /** One of a round whose sizes differ on purpose (batchQueue.ts): a size new to the gauge is judged by sizes near it. */
  readonly staggered: boolean;
  readonly send: PacedSend;
}

export class AimdLimiter {
  private limitValue: number;
  private inFlightCount = 0;
  private healthyRun = 0;
  /** Healthy answers in a row that did not wait for a connection, while requests backed up. */
  private cleanRun = 0;
  private slowStart = true;
  /** Slow start saw more answers in a row without waiting than a browser's HTTP/1.1 carries: the transport is wide. */
  private wide = false;
  /** What the transport was last seen to carry, plus its headroom; null until a reading showed it. */
  private carriedFits: number | null = null;
  private epoch = 0;
  private pausedUntilMs = 0;
  private pauseAskedMs: number | null = null;
  private readonly gauge = new ConcurrencyGauge();
  private readonly pacer: RatePacer;

  constructor(
    private cap: number,
    private readonly now: () => number,
  ) {
    this.limitValue = Math.min(INITIAL_CONCURRENCY, cap);
    this.pacer = new RatePacer(now);
  }

  get limit(): number {
    return this.limitValue;
  }

  get inFlight(): number {
    return this.inFlightCount;
  }

  /** Starts from a window the service sustained before (a known key), not from INITIAL_CONCURRENCY. */
  startAt(window: number): void {
    this.limitValue = Math.max(this.limitValue, Math.min(window, this.cap));
  }

  /**
   * The probe of a key came back healthy: key and service answer, so the `backlog` (full batches
   * waiting) leaves at once, rather than paying a round trip per slow-start step or per round of a
   * narrower window: no answer can yet tell a wide transport from a browser's six connections, and
   * over a wide one each further round costs a whole service time. The window is rounded up to whole
   * waves of six, so that behind six connections the round's last wave is full and its batches smaller;
   * a backlog longer than OPEN_MOST waits for answers to show the transport before the rest leaves.
   */
  open(backlog: number): void {
    const waves = Math.ceil(Math.max(OPEN_WINDOW, backlog) / BROWSER_H1_CONNECTIONS);
    this.startAt(Math.min(OPEN_MOST, waves * BROWSER_H1_CONNECTIONS));
  }

  /**
   * The window worth starting the next sheet at (keyMemory.ts): the current one, but no wider than the
   * transport was last seen to carry and its headroom. A wide first round behind six connections comes
   * down by at most half per reading, and a short sheet can end before it has come all the way.
   */
  get sustained(): number {
    return this.carriedFits === null ? this.limitValue : Math.min(this.limitValue, this.carriedFits);
  }

  setCap(cap: number): void {
    this.cap = cap;
    this.limitValue = Math.min(this.limitValue, cap);
  }

  /** Milliseconds until sending may resume (0: not paused): the shared pause, or the service's rate. */
  pausedFor(): number {
    return Math.max(0, this.pausedUntilMs - this.now(), this.pacer.waitMs());
  }

  /**
   * Every sender waits at least `ms` (at most MAX_RETRY_AFTER_MS); a longer pause already running is
   * kept. `askedMs`: the Retry-After the service asked for, null when the pause is a back-off.
   */
  pause(ms: number, askedMs: number | null): void {
    const until = this.now() + Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
    if (until <= this.pausedUntilMs) return;
    this.pausedUntilMs = until;
    this.pauseAskedMs = askedMs;
  }

  /** The shared pause, while it runs: the wait the service asked for with it (`pause`); null when none runs. */
  runningPause(): { askedMs: number | null } | null {
    return this.pausedUntilMs > this.now() ? { askedMs: this.pauseAskedMs } : null;
  }

  /** Ends the pause, and forgets the rate: both were another key's or service's. */
  resume(): void {
    this.pausedUntilMs = 0;
    this.pacer.reset();
  }

  /** The service's rate is known (it refused requests): requests, not slots, are what is scarce. */
  get rationed(): boolean {
    return this.pacer.limit !== null;
  }

  canSend(): boolean {
    return this.inFlightCount < this.limitValue && this.pausedFor() === 0;
  }

  /** Takes a slot for a batch of `items`; `staggered`: see Ticket. */
  acquire(items: number, staggered = false): Ticket {
    this.inFlightCount += 1;
    const { epoch, inFlightCount: position } = this;
    return { epoch, sentAt: this.now(), position, items, staggered, send: this.pacer.sent() };
  }

  /** `backlog`: requests are waiting for a slot, so a wider window would have sent more. */
  release(ticket: Ticket, health: BatchHealth, backlog: boolean): void {
    this.inFlightCount -= 1;
    if (health === 'rate-limited') this.pacer.refused(ticket.send);
    if (health === 'ok') {
      this.pacer.accepted();
      this.healthy(ticket, backlog);
    } else if (health === 'rate-limited' && ticket.epoch === this.epoch) {
      this.limitValue = Math.max(1, Math.floor(this.limitValue / 2));
      this.healthyRun = 0;
      this.slowStart = false;
      this.epoch += 1;
    }
  }

  private healthy(ticket: Ticket, backlog: boolean): void {
    const now = this.now();
    const trip = now - ticket.sentAt;
    const reading = this.gauge.observe(ticket.items, trip, now, this.limitValue, this.wide, ticket.staggered);
    const fits = reading.carried === null ? Infinity : reading.carried + headroom(reading.carried);
    if (reading.carried !== null) this.carriedFits = fits;
    // A transport that carries no more than a browser's HTTP/1.1 is not wide, whatever it seemed at first.
    if (reading.carried !== null && reading.carried <= WIDE_BEYOND) this.wide = false;
    if (fits < this.limitValue) {
      // More in flight than the transport carries (and its headroom) only waits in the runtime.
      this.limitValue = Math.max(fits, Math.floor(this.limitValue / 2));
      this.healthyRun = 0;
      this.slowStart = false;
      return;
    }
    // Grow only while requests back up and no answer of the round waited: then a wider window sends more.
    if (reading.queued) this.healthyRun = this.cleanRun = 0;
    if (reading.queued || !backlog) return;
    this.cleanRun += 1;
    if (this.slowStart && this.cleanRun > WIDE_BEYOND) {
      this.wide = true;
      this.limitValue = Math.max(this.limitValue, Math.min(this.cap, WIDE_FACTOR * this.cleanRun));
    }
    this.healthyRun += 1;
    if ((this.slowStart || this.healthyRun >= this.limitValue) && this.limitValue < this.cap) {
      this.limitValue += 1;
      this.healthyRun = 0;
    }
    // The transport carried the whole window without waiting: what an earlier reading showed is past.
    if (this.carriedFits !== null && this.carriedFits < this.limitValue) this.carriedFits = null;
  }
}
