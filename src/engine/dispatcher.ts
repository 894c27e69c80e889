/**
 * The batching queue: tasks (one per distinct request) wait here and leave as `POST /batch` requests.
 * - Once the burst being submitted is over (one macrotask; a probe does not wait), batches leave when
 *   a batch's worth of tasks is waiting (batchSize: 50, up to `maxBatch` when requests back up) and a
 *   slot is free, otherwise after a quiet window of QUIET_MS without new tasks (at most MAX_WAIT_MS
 *   after the first one), so a single cell answers quickly and a burst goes out in full batches.
 * - Slots and pauses come from the AIMD limiter.
 * - Failures are classified per batch and per item (retryPolicy.ts): 429 pauses everybody and requeues;
 *   5xx, dropped connections, timeouts, malformed bodies and answers with the wrong number of items are
 *   retried with back-off and jitter, at most MAX_ATTEMPTS sends per task; anything else fails only its
 *   own task.
 *   A 401 is handed to the engine, which bars all sending (`block`) until the settings change; and
 *   until a key has been seen to work (in this session or an earlier one: keyMemory.ts), a single
 *   batch of at most PROBE_BATCH probes it (once that memory has answered, or RECALL_WAIT_MS passed);
 *   a healthy probe opens the window to the cap (limiter.ts).
 *
 * Over 300 lines on purpose: queueing, batching, sending and carrying out the retry decisions are one
 * state machine over the same queue and slots; the decisions themselves live in retryPolicy.ts.
 */
import { MalformedResponseError, RateLimitError, type ServiceError } from '../service/errors';
import { errorFromResponse } from '../service/responseErrors';
import type { BatchRequestItem, BatchResponseItem } from '../service/types';
import { rateLimitPauseMs, retryDelayMs, timerDelay } from './backoff';
import type { KnownKey } from './keyMemory';
import type { AimdLimiter, BatchHealth } from './limiter';
import { classifyFailure, type RetryDecision } from './retryPolicy';

export const QUIET_MS = 25;
export const MAX_WAIT_MS = 100;
export const MAX_ATTEMPTS = 8;
/** Items in the batch that probes a key not yet seen to work. */
export const PROBE_BATCH = 10;
/** Items per batch while the window keeps up with the queue. */
export const PREFERRED_BATCH = 50;
/** How long a probe waits for the memory of the key (a hash and a storage read) before it goes anyway. */
export const RECALL_WAIT_MS = 100;

/** One request through the queue, with the engine's handlers for how it ends. */
export interface Task {
  readonly item: BatchRequestItem;
  /** Sends so far (the dispatcher counts them). */
  attempts: number;
  /** False once nobody waits for the answer; such a task is dropped rather than sent again. */
  wanted(): boolean;
  /** A 2xx answer. Returns false when the body is unreadable, which is retried like a malformed answer. */
  accept(answer: BatchResponseItem): boolean;
  /** The end: not worth retrying, out of attempts, barred or shut down. */
  fail(error: unknown, attempts: number): void;
  /** Dropped unsent because `wanted()` turned false. */
  dropped(): void;
}

export interface DispatcherHooks {
  send(items: BatchRequestItem[], signal: AbortSignal): Promise<BatchResponseItem[]>;
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

interface DelayedGroup {
  tasks: Task[];
  timer: ReturnType<typeof setTimeout>;
}

export class Dispatcher {
  readonly counters: DispatchCounters = { batches: 0, items: 0, retries: 0, rateLimitWaits: 0 };
  private queue: Task[] = [];
  private firstQueuedAt = 0;
  private lastQueuedAt = 0;
  private flushDue = false;
  private pumpTimer: ReturnType<typeof setTimeout> | null = null;
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly delayed = new Set<DelayedGroup>();
  private readonly sending = new Map<AbortController, Task[]>();
  private blockedBy: unknown = null;
  private disposed = false;
  /** Set by a 413: the service takes fewer items per batch than the settings allow. */
  private serviceMaxBatch = Infinity;
  private rateLimitedInARow = 0;
  /**
   * Bumped by each 429 that lengthens the back-off. Batches carry the value they were sent under: the
   * 429s of batches that were already in flight belong to the same congestion event and do not
   * lengthen it again (eight batches answered 429 together must not mean a 2^8 s pause).
   */
  private congestionEvent = 0;
  /**
   * Until one batch has been answered with the current key, only one batch is in flight: a wrong key
   * then costs one request, not one per slot.
   */
  private keyConfirmed = false;
  /** Set while the memory of the key is being read: a probe waits for it, since it may make one needless. */
  private recalling: ReturnType<typeof setTimeout> | null = null;
  /** The current key, to remember when it works (and forget when refused). */
  private knownKey: KnownKey | null = null;

  constructor(
    private readonly hooks: DispatcherHooks,
    private readonly limiter: AimdLimiter,
    private readonly now: () => number,
    private readonly random: () => number,
  ) {}

  /** Tasks waiting to be sent, including those waiting to be retried. */
  get waiting(): number {
    let total = this.queue.length;
    for (const group of this.delayed) total += group.tasks.length;
    return total;
  }

  submit(task: Task): void {
    if (this.blockedBy !== null) {
      task.fail(this.blockedBy, task.attempts);
      return;
    }
    this.lastQueuedAt = this.now();
    if (this.queue.length === 0) this.firstQueuedAt = this.lastQueuedAt;
    this.queue.push(task);
    this.quietTimer ??= this.armQuietTimer();
    if (!this.keyConfirmed && this.recalling === null) {
      this.pump(); // the probe leaves as soon as it is full: its round trip overlaps the rest of the burst
      return;
    }
    this.pumpTimer ??= setTimeout(() => {
      // Once the burst that is being submitted now is over: batchSize() then sees all of it and fills
      // the free slots evenly, instead of the first slots leaving with the first items of the burst.
      this.pumpTimer = null;
      this.pump();
    }, 0);
  }

  /** Takes a queued task back (its callers left). False when it is already sent or waiting to retry. */
  withdraw(task: Task): boolean {
    const index = this.queue.indexOf(task);
    if (index < 0) return false;
    this.queue.splice(index, 1);
    return true;
  }

  /** Nothing is sent until `unblock`; every waiting task fails with `error`. */
  block(error: unknown): void {
    this.blockedBy = error;
    this.failWaiting(error);
  }

  /**
   * The key (or the service) changed: sending may resume, starting again with a single probe batch, and
   * a pause the old key earned no longer holds.
   */
  keyChanged(key: KnownKey | null = null): Promise<void> {
    this.blockedBy = null;
    this.keyConfirmed = false;
    this.knownKey = key;
    this.rateLimitedInARow = 0;
    this.limiter.resume();
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    if (this.recalling) clearTimeout(this.recalling);
    this.recalling = key === null ? null : setTimeout(() => this.recalled(), RECALL_WAIT_MS);
    if (!this.disposed) this.pump();
    return (key?.recall() ?? Promise.resolve(null))
      .then(
        (window) => {
          if (window === null || this.knownKey !== key || this.disposed) return;
          this.keyConfirmed = true; // worked here before: no probe, and the window it sustained
          this.limiter.startAt(window);
        },
        () => undefined,
      )
      .finally(() => {
        if (this.knownKey === key) this.recalled();
      });
  }

  /**
   * The memory of the key has answered, or kept the probe waiting long enough: sending goes on (also
   * when the answer comes after the wait, since it may have confirmed the key meanwhile).
   */
  private recalled(): void {
    if (this.recalling) clearTimeout(this.recalling);
    this.recalling = null;
    if (!this.disposed) this.pump();
  }

  /** Stops for good: requests in flight are aborted and every task fails with `error`. */
  dispose(error: unknown): void {
    this.disposed = true;
    this.blockedBy = error;
    if (this.quietTimer) clearTimeout(this.quietTimer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    if (this.recalling) clearTimeout(this.recalling);
    for (const [controller, tasks] of this.sending) {
      controller.abort(error);
      for (const task of tasks) task.fail(error, task.attempts); // not left to the transport to notice
    }
    this.sending.clear();
    this.failWaiting(error);
  }

  private failWaiting(error: unknown): void {
    const tasks = this.queue;
    this.queue = [];
    for (const group of this.delayed) {
      clearTimeout(group.timer);
      tasks.push(...group.tasks);
    }
    this.delayed.clear();
    for (const task of tasks) task.fail(error, task.attempts);
    this.hooks.onActivity();
  }

  /**
   * PREFERRED_BATCH items while free slots keep up with the queue (small batches answer sooner); when
   * requests back up, the free slots are filled evenly, up to the settings' maximum (the service takes
   * 100), so a backlog leaves in one round rather than several.
   */
  private batchSize(): number {
    const most = Math.max(1, Math.min(this.hooks.maxBatch(), this.serviceMaxBatch));
    const free = Math.max(1, this.limiter.limit - this.limiter.inFlight);
    return Math.min(most, Math.max(PREFERRED_BATCH, Math.ceil(this.queue.length / free)));
  }

  /**
   * The queue flushes QUIET_MS after the last task arrived, or MAX_WAIT_MS after the first. One timer
   * serves a whole burst: when it fires early (tasks kept arriving), it is set again for the rest.
   */
  private armQuietTimer(): ReturnType<typeof setTimeout> {
    const due = (): number => Math.min(this.lastQueuedAt + QUIET_MS, this.firstQueuedAt + MAX_WAIT_MS);
    return setTimeout(
      () => {
        if (this.now() < due()) {
          this.quietTimer = this.armQuietTimer();
          return;
        }
        this.quietTimer = null;
        this.flushDue = true;
        this.pump();
      },
      Math.max(0, due() - this.now()),
    );
  }

  private pump(): void {
    while (this.queue.length > 0 && this.blockedBy === null) {
      // Until the key is confirmed, one small probe batch goes alone: it answers sooner than a full one,
      // and its round trip overlaps the rest of the sheet's calculation.
      const probing = !this.keyConfirmed;
      if (probing && (this.limiter.inFlight > 0 || this.recalling !== null)) break;
      const size = probing ? Math.min(PROBE_BATCH, this.batchSize()) : this.batchSize();
      if (this.queue.length < size && !this.flushDue) break;
      const pausedFor = this.limiter.pausedFor();
      if (pausedFor > 0) {
        this.wakeAfter(pausedFor);
        break;
      }
      if (!this.limiter.canSend()) break; // a batch that finishes pumps again
      void this.sendBatch(this.queue.splice(0, size));
    }
    if (this.queue.length === 0) {
      this.flushDue = false;
      if (this.quietTimer) clearTimeout(this.quietTimer);
      this.quietTimer = null;
    }
    this.hooks.onActivity();
  }

  private wakeAfter(ms: number): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.pump();
    }, timerDelay(ms));
  }

  private async sendBatch(tasks: Task[]): Promise<void> {
    const controller = new AbortController();
    const epoch = this.limiter.acquire();
    const congestionEvent = this.congestionEvent;
    this.sending.set(controller, tasks);
    this.counters.batches += 1;
    this.counters.items += tasks.length;
    for (const task of tasks) task.attempts += 1;
    let health: BatchHealth = 'failed';
    try {
      const answers = await this.hooks.send(
        tasks.map((task) => task.item),
        controller.signal,
      );
      if (!this.disposed) health = this.sortAnswers(tasks, answers, congestionEvent);
    } catch (error) {
      if (!this.disposed) health = this.sortFailure(tasks, error, congestionEvent);
    } finally {
      this.sending.delete(controller);
      this.limiter.release(epoch, health);
      if (health === 'ok') this.rateLimitedInARow = 0;
      if (!this.disposed) this.pump();
    }
  }

  /** A whole request failed: the same decision for each of its tasks. */
  private sortFailure(tasks: Task[], error: unknown, congestionEvent: number): BatchHealth {
    const decision = classifyFailure(error);
    switch (decision.action) {
      case 'fail':
        this.failAll(tasks, decision);
        return 'failed';
      case 'pause':
        this.pauseAll(decision.retryAfterMs, congestionEvent);
        this.requeueNow(tasks, decision.error);
        return 'rate-limited';
      case 'requeue':
        this.serviceMaxBatch = Math.max(1, Math.floor(tasks.length / 2));
        this.requeueNow(tasks, decision.error);
        return 'failed';
      case 'retry-later':
        this.retryLater(tasks, decision.error);
        return 'failed';
    }
  }

  /** A 200 batch: each item decided on its own; items that share a decision are carried out together. */
  private sortAnswers(tasks: Task[], answers: BatchResponseItem[], congestionEvent: number): BatchHealth {
    const paused: Task[] = [];
    const again: Task[] = [];
    let retryError: ServiceError | null = null;
    let retryAfterMs: number | null = null;
    for (const [index, answer] of answers.entries()) {
      const task = tasks[index];
      const ok = answer.status >= 200 && answer.status <= 299;
      if (ok && task.accept(answer)) continue;
      const decision = classifyFailure(
        ok
          ? new MalformedResponseError('The service sent an unreadable record.', answer.status)
          : errorFromResponse(answer.status, answer.headers, answer.body),
      );
      if (decision.action === 'fail') {
        this.failAll([task], decision);
      } else if (decision.action === 'pause') {
        if (decision.retryAfterMs !== null) retryAfterMs = Math.max(retryAfterMs ?? 0, decision.retryAfterMs);
        paused.push(task);
      } else {
        again.push(task);
        retryError = decision.error;
      }
    }
    if (paused.length > 0) {
      this.pauseAll(retryAfterMs, congestionEvent);
      this.requeueNow(paused, new RateLimitError('The service is limiting the request rate (HTTP 429).', null));
    }
    if (retryError !== null) this.retryLater(again, retryError);
    if (this.blockedBy === null) {
      if (!this.keyConfirmed && paused.length === 0 && retryError === null) this.limiter.open();
      this.keyConfirmed = true;
      this.knownKey?.worked(this.limiter.limit);
    }
    return paused.length > 0 ? 'rate-limited' : 'ok';
  }

  private failAll(tasks: Task[], decision: Extract<RetryDecision, { action: 'fail' }>): void {
    if (decision.blockKey) {
      this.knownKey?.refused();
      this.hooks.onAuthFailure(decision.error as ServiceError);
    }
    for (const task of tasks) task.fail(decision.error, task.attempts);
  }

  /** `congestionEvent`: the value the 429'd batch was sent under. */
  private pauseAll(retryAfterMs: number | null, congestionEvent: number): void {
    this.counters.rateLimitWaits += 1;
    if (congestionEvent === this.congestionEvent) {
      this.congestionEvent += 1;
      this.rateLimitedInARow += 1;
    }
    this.limiter.pause(retryAfterMs ?? rateLimitPauseMs(this.rateLimitedInARow, this.random));
  }

  /** Tasks that still have attempts left; the others fail with `error`. */
  private withAttemptsLeft(tasks: Task[], error: ServiceError): Task[] {
    return tasks.filter((task) => {
      if (task.attempts < MAX_ATTEMPTS) return true;
      task.fail(error, task.attempts);
      return false;
    });
  }

  /** Back to the front of the queue at once; the shared pause (if any) holds them. */
  private requeueNow(tasks: Task[], error: ServiceError): void {
    const keep = this.withAttemptsLeft(tasks, error);
    this.counters.retries += keep.length;
    this.requeue(keep);
  }

  private retryLater(tasks: Task[], error: ServiceError): void {
    const keep = this.withAttemptsLeft(tasks, error);
    if (keep.length === 0 || this.blockedBy !== null) {
      for (const task of keep) task.fail(this.blockedBy ?? error, task.attempts);
      return;
    }
    this.counters.retries += keep.length;
    const attempts = Math.max(...keep.map((task) => task.attempts));
    const group: DelayedGroup = {
      tasks: keep,
      timer: setTimeout(
        () => {
          this.delayed.delete(group);
          this.requeue(keep);
        },
        retryDelayMs(attempts, this.random),
      ),
    };
    this.delayed.add(group);
  }

  private requeue(tasks: Task[]): void {
    if (this.blockedBy !== null) {
      for (const task of tasks) task.fail(this.blockedBy, task.attempts);
      return;
    }
    const live = tasks.filter((task) => {
      if (task.wanted()) return true;
      task.dropped();
      return false;
    });
    if (live.length === 0) return;
    if (this.queue.length === 0) this.firstQueuedAt = this.now();
    this.queue.unshift(...live);
    this.flushDue = true; // they have waited already
    this.pump();
  }
}
