/**
 * The batching queue: tasks (one per distinct request) wait here and leave as `POST /batch` requests.
 * - Once the burst being submitted is over (one macrotask; a probe or a batch as full as the service
 *   takes does not wait), batches leave when a batch's worth of tasks is waiting (batchSizes()) and a
 *   slot is free, otherwise after the queue's quiet window (batchQueue.ts).
 * - Slots and pauses come from the limiter (limiter.ts), which learns the transport's concurrency.
 * - The key decides what may leave (keyProbe.ts): nothing while its memory is read, a single probe of
 *   at most PROBE_BATCH items while it is not known to work, the whole window once it is.
 * - Each answer is sorted into a verdict (batchVerdict.ts, by the rules of retryPolicy.ts) that is
 *   carried out here: 429 pauses everybody (congestion.ts) and requeues; passing failures wait out a
 *   back-off (retryWaits.ts), at most MAX_ATTEMPTS sends per task; a 401 is handed to the engine,
 *   which bars all sending (`block`) until the settings change (`keyChanged`). A 401, 429 or 413
 *   answered for a key the settings have since replaced bars, pauses and shrinks nothing
 *   (`forEarlierKey`): its tasks go again with the current key.
 */
import type { ServiceError } from '../../service/errors';
import type { BatchRequestItem, BatchResponseItem } from '../../service/types';
import { retryDelayMs } from '../flow/backoff';
import { BatchQueue, batchSizes, type RoundCut } from './batchQueue';
import { BatchesInFlight, type BatchInFlight } from './batchesInFlight';
import { answersVerdict, failureVerdict, forEarlierKey, withAttemptsLeft, type Verdict } from './batchVerdict';
import { Congestion } from '../flow/congestion';
import { deadlineError, waitAskedError, type EngineError } from '../errors';
import type { KnownKey } from '../flow/keyMemory';
import { keyCheck, KeyProbe } from './keyProbe';
import type { AimdLimiter } from '../flow/limiter';
import { NamedTimers } from './namedTimers';
import { RetryWaits } from './retryWaits';
import type { Task } from './task';

export const MAX_ATTEMPTS = 8;
/** Items in the batch that probes a key not yet seen to work. */
export const PROBE_BATCH = 10;

export interface DispatcherHooks {
  /** `patience`: asked when the request's timeout runs out, how much longer it may take (batchesInFlight.ts). */
  send(items: BatchRequestItem[], signal: AbortSignal, patience: () => number): Promise<BatchResponseItem[]>;
  maxBatch(): number;
  onAuthFailure(error: ServiceError): void;
  /** Something the counters show changed. */
  onActivity(): void;
}

export interface DispatchCounters {
  batches: number;
  items: number;
  retries: number;
  rateLimitWaits: number;
}

/**
 * Why nothing is sent, kept here once for the whole engine (the lifecycle reads it): the service
 * refused the key (until the key or service changes), or the engine was disposed (for good). Every
 * task fails with `error`.
 */
export interface Hold {
  readonly reason: 'refused-key' | 'disposed';
  readonly error: EngineError;
}

export class Dispatcher {
  readonly counters: DispatchCounters = { batches: 0, items: 0, retries: 0, rateLimitWaits: 0 };
  /** When the service last answered a batch (served it or asked to wait): deadlines run from here (flight.ts). */
  heardAt = -Infinity;
  private readonly queue: BatchQueue;
  /** burstEnd: the burst being submitted is over (one macrotask); pauseEnd: the shared pause (429) is. */
  private readonly timers = new NamedTimers<'burstEnd' | 'pauseEnd'>();
  private readonly retryWaits = new RetryWaits();
  private readonly sending = new BatchesInFlight();
  private hold: Hold | null = null;
  /** Set by a 413: the service takes fewer items per batch than the settings allow. */
  private serviceMaxBatch = Infinity;
  private readonly congestion: Congestion;
  private readonly probe: KeyProbe;

  constructor(
    private readonly hooks: DispatcherHooks,
    private readonly limiter: AimdLimiter,
    private readonly now: () => number,
    private readonly random: () => number,
  ) {
    this.probe = new KeyProbe(limiter);
    this.congestion = new Congestion(random);
    this.queue = new BatchQueue(now, () => this.pump());
  }

  /** Tasks waiting to be sent, including those waiting to be retried. */
  get waiting(): number {
    return this.queue.length + this.retryWaits.count;
  }

  /**
   * What a call past its deadline is told (flight.ts): while the pause a 429 started runs, the service
   * asked everyone to wait, and the call says so; otherwise the service went silent.
   */
  overdue(deadlineMs: number): EngineError {
    const pause = this.limiter.runningPause();
    return pause ? waitAskedError(pause.askedMs) : deadlineError(deadlineMs);
  }

  /** Why nothing is sent; null while tasks may go. */
  get held(): Hold | null {
    return this.hold;
  }

  private get disposed(): boolean {
    return this.hold?.reason === 'disposed';
  }

  submit(task: Task): void {
    if (this.hold !== null) {
      task.fail(this.hold.error, task.attempts);
      return;
    }
    this.queue.push(task);
    this.pumpSoon();
  }

  /**
   * The probe leaves as soon as it is full, and so does a batch of the most the service takes: waiting
   * cannot make either better, and their round trips overlap the rest of the burst (a sheet's burst
   * is one long task: the runtime sends a request at once, its answer is read when the task ends).
   * Anything else waits for the burst being submitted now to end: batchSizes() then sees all of it and
   * fills the free slots, instead of the first slots leaving with the first items of the burst.
   */
  private pumpSoon(): void {
    if (this.probe.state === 'unconfirmed') this.pump();
    else {
      if (this.queue.length >= this.largestBatch()) this.pump(true);
      if (!this.timers.isWaiting('burstEnd')) this.timers.waitFor('burstEnd', 0, () => this.pump());
    }
  }

  /** Takes a queued task back (its callers left). False when it is already sent or waiting to retry. */
  withdraw(task: Task): boolean {
    return this.queue.withdraw(task);
  }

  /** The key was refused: nothing is sent until `keyChanged`; every waiting task fails with `error`. */
  block(error: EngineError): void {
    if (this.disposed) return;
    this.hold = { reason: 'refused-key', error };
    this.failWaiting(error);
  }

  /**
   * The key (or the service) changed: sending may resume once its memory is read (the promise
   * resolves then), starting again with a single probe batch unless it worked before; a pause the
   * old key earned no longer holds. `checkNow` (a key saved while the runtime runs, or tried again by a
   * refresh): a key not known to work is checked at once when nothing waits to be sent, so the first
   * sheet after it pays no probe and a refusal is known before any cell asks.
   */
  keyChanged(key: KnownKey | null = null, checkNow = false): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.hold = null;
    this.congestion.over();
    this.limiter.resume();
    this.timers.stop('pauseEnd');
    return this.probe.change(key, () => {
      if (this.disposed) return;
      const idle = this.queue.length === 0 && this.retryWaits.count === 0 && this.limiter.inFlight === 0;
      if (checkNow && key !== null && this.probe.state === 'unconfirmed' && idle) this.queue.putBack([keyCheck()]);
      this.pumpSoon();
    });
  }

  /** Stops for good: requests in flight are aborted and every task fails with `error`. */
  dispose(error: EngineError): void {
    this.hold = { reason: 'disposed', error };
    this.timers.stopAll();
    for (const batch of this.sending) {
      batch.controller.abort(error);
      for (const task of batch.tasks) task.fail(error, task.attempts); // not left to the transport to notice
    }
    this.sending.clear();
    this.failWaiting(error);
  }

  private failWaiting(error: unknown): void {
    const tasks = [...this.queue.drain(), ...this.retryWaits.drain()];
    for (const task of tasks) task.fail(error, task.attempts);
    this.hooks.onActivity();
  }

  /** The most items a batch may carry: the settings' maximum, or less once the service said so (413). */
  private largestBatch(): number {
    return Math.max(1, Math.min(this.hooks.maxBatch(), this.serviceMaxBatch));
  }

  /** `fullOnly`: the burst is still being submitted; only batches of largestBatch() leave (no cut of 0 waiting). */
  private pump(fullOnly = false): void {
    let cut: RoundCut | null = null; // the free slots' batches, sized once one may leave; beyond them: full
    while (this.queue.length > 0 && this.hold === null) {
      const key = this.probe.state;
      if (key === 'recalling') break; // keyChanged's recall pumps again
      // Until the key is confirmed, one small probe batch goes alone: it answers sooner than a full one,
      // and its round trip overlaps the rest of the sheet's calculation.
      if (key === 'unconfirmed' && this.limiter.inFlight > 0) break;
      const [largest, free] = [this.largestBatch(), this.limiter.limit - this.limiter.inFlight];
      cut ??= batchSizes(fullOnly ? 0 : this.queue.length, free, largest, this.limiter.rationed);
      const size = key === 'unconfirmed' ? Math.min(PROBE_BATCH, cut.sizes[0] ?? largest) : (cut.sizes[0] ?? largest);
      if (!this.queue.ready(size)) break;
      const pausedFor = this.limiter.pausedFor();
      if (pausedFor > 0) {
        this.timers.waitFor('pauseEnd', pausedFor, () => this.pump());
        break;
      }
      if (!this.limiter.canSend()) break; // a batch that finishes pumps again
      cut.sizes.shift();
      void this.send(this.queue.take(size), cut.staggered);
    }
    this.queue.endIfEmpty();
    this.hooks.onActivity();
  }

  private async send(tasks: Task[], staggered: boolean): Promise<void> {
    const batch: BatchInFlight = {
      controller: new AbortController(),
      tasks,
      ticket: this.limiter.acquire(tasks.length, staggered),
      congestionEvent: this.congestion.event,
      keyGeneration: this.probe.generation,
    };
    this.sending.add(batch);
    this.counters.batches += 1;
    this.counters.items += tasks.length;
    for (const task of tasks) task.attempts += 1;
    let verdict: Verdict | null = null;
    try {
      const answers = await this.hooks.send(
        tasks.map((task) => task.item),
        batch.controller.signal,
        () => this.sending.patienceMs(batch, this.now()),
      );
      if (!this.disposed) verdict = answersVerdict(tasks, answers);
    } catch (error) {
      if (!this.disposed) verdict = failureVerdict(tasks, error);
    } finally {
      if (verdict && batch.keyGeneration !== this.probe.generation) verdict = forEarlierKey(verdict);
      this.sending.ended(batch, this.now());
      this.limiter.release(batch.ticket, verdict?.health ?? 'failed', this.queue.length > 0);
      if (verdict?.health === 'ok' || verdict?.health === 'rate-limited') this.heardAt = this.now();
      if (verdict) this.carryOut(batch, verdict);
      if (!this.disposed) this.pump();
    }
  }

  private carryOut(batch: BatchInFlight, verdict: Verdict): void {
    if (verdict.refused) {
      this.probe.refused();
      this.hooks.onAuthFailure(verdict.refused.error);
      for (const task of verdict.refused.tasks) task.fail(verdict.refused.error, task.attempts);
    }
    for (const { task, error } of verdict.failed) task.fail(error, task.attempts);
    this.counters.retries += verdict.resent.length;
    this.requeue(verdict.resent);
    if (verdict.paused) {
      this.counters.rateLimitWaits += 1;
      const { retryAfterMs } = verdict.paused;
      this.limiter.pause(this.congestion.rateLimited(retryAfterMs, batch.congestionEvent), retryAfterMs);
      this.requeueNow(verdict.paused.tasks, verdict.paused.error);
    }
    if (verdict.smaller) {
      this.serviceMaxBatch = Math.max(1, Math.floor(batch.tasks.length / 2));
      this.requeueNow(verdict.smaller.tasks, verdict.smaller.error);
    }
    if (verdict.retried) this.retryLater(verdict.retried.tasks, verdict.retried.error);
    if (verdict.served && this.hold === null)
      this.probe.answered(
        batch.keyGeneration,
        verdict.paused === null && verdict.retried === null,
        Math.ceil(this.queue.length / this.largestBatch()),
      );
    if (verdict.health === 'ok') this.congestion.over();
  }

  /** Back to the front of the queue at once; the shared pause (if any) holds them. */
  private requeueNow(tasks: Task[], error: ServiceError): void {
    const keep = withAttemptsLeft(tasks, error, MAX_ATTEMPTS);
    this.counters.retries += keep.length;
    this.requeue(keep);
  }

  private retryLater(tasks: Task[], error: ServiceError): void {
    const keep = withAttemptsLeft(tasks, error, MAX_ATTEMPTS);
    if (keep.length === 0 || this.hold !== null) {
      for (const task of keep) task.fail(this.hold?.error ?? error, task.attempts);
      return;
    }
    this.counters.retries += keep.length;
    const attempts = Math.max(...keep.map((task) => task.attempts));
    this.retryWaits.add(keep, retryDelayMs(attempts, this.random), (due) => this.requeue(due));
  }

  private requeue(tasks: Task[]): void {
    if (this.hold !== null) {
      for (const task of tasks) task.fail(this.hold.error, task.attempts);
      return;
    }
    const live = tasks.filter((task) => {
      if (task.wanted()) return true;
      task.dropped();
      return false;
    });
    if (live.length === 0) return;
    this.queue.putBack(live);
    this.pump();
  }
}
