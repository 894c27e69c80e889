/**
 * What one batch's answer (or failure) means for each of its tasks, as a value the dispatcher carries
 * out: tasks that end here, tasks that wait out a shared pause (429), tasks retried after a back-off,
 * tasks sent again at once in smaller batches (413). The per-error rules are retryPolicy.ts's; this
 * file groups a batch's tasks by them.
 */
import { t } from '../../i18n/translate';
import { MalformedResponseError, RateLimitError, type ServiceError } from '../../service/errors';
import { errorFromResponse } from '../../service/responseErrors';
import type { BatchResponseItem } from '../../service/types';
import type { BatchHealth } from '../flow/limiter';
import { classifyFailure } from './retryPolicy';
import type { Task } from './task';

export interface Verdict {
  health: BatchHealth;
  /** The service answered the batch item by item: the key works. */
  served: boolean;
  /** Tasks that end here, each with its error. */
  failed: Array<{ task: Task; error: unknown }>;
  /** The key was refused (401): nothing more may go out with it; these tasks end with `error`. */
  refused: { tasks: Task[]; error: ServiceError } | null;
  /** 429: every sender pauses (`retryAfterMs`, or a back-off when null), then these go again. */
  paused: { tasks: Task[]; retryAfterMs: number | null; error: ServiceError } | null;
  /** Passing failures: again after a back-off. */
  retried: { tasks: Task[]; error: ServiceError } | null;
  /** 413: again at once, in batches half the size of this one. */
  smaller: { tasks: Task[]; error: ServiceError } | null;
  /** Again at once: refused or rate-limited for a key that is no longer the current one (`forEarlierKey`). */
  resent: Task[];
}

const empty = (health: BatchHealth, served = false): Verdict => ({
  health,
  served,
  failed: [],
  refused: null,
  paused: null,
  retried: null,
  smaller: null,
  resent: [],
});

/** A whole request failed: the same decision for each of its tasks. */
export function failureVerdict(tasks: Task[], error: unknown): Verdict {
  const decision = classifyFailure(error);
  switch (decision.action) {
    case 'fail':
      if (decision.blockKey) return { ...empty('failed'), refused: { tasks, error: decision.error as ServiceError } };
      return { ...empty('failed'), failed: tasks.map((task) => ({ task, error: decision.error })) };
    case 'pause':
      return {
        ...empty('rate-limited'),
        paused: { tasks, retryAfterMs: decision.retryAfterMs, error: decision.error },
      };
    case 'requeue':
      return { ...empty('failed'), smaller: { tasks, error: decision.error } };
    case 'retry-later':
      return { ...empty('failed'), retried: { tasks, error: decision.error } };
  }
}

/** A 200 batch: each item decided on its own (a 2xx item is handed to its task at once). */
export function answersVerdict(tasks: Task[], answers: BatchResponseItem[]): Verdict {
  const verdict = empty('ok', true);
  const paused: Task[] = [];
  const retried: Task[] = [];
  const refused: Task[] = [];
  let retryError: ServiceError | null = null;
  let retryAfterMs: number | null = null;
  for (const [index, answer] of answers.entries()) {
    const task = tasks[index];
    const ok = answer.status >= 200 && answer.status <= 299;
    const taken = ok ? task.accept(answer) : null;
    if (taken === true) continue;
    const decision = classifyFailure(
      taken === null
        ? errorFromResponse(answer.status, answer.headers, answer.body)
        : new MalformedResponseError(taken, answer.status),
    );
    if (decision.action === 'fail' && decision.blockKey) {
      refused.push(task);
      verdict.refused = { tasks: refused, error: decision.error as ServiceError };
    } else if (decision.action === 'fail') {
      verdict.failed.push({ task, error: decision.error });
    } else if (decision.action === 'pause') {
      if (decision.retryAfterMs !== null) retryAfterMs = Math.max(retryAfterMs ?? 0, decision.retryAfterMs);
      paused.push(task);
    } else {
      retried.push(task);
      retryError = decision.error;
    }
  }
  if (paused.length > 0) {
    verdict.health = 'rate-limited';
    const error = new RateLimitError(t('cells.http429'), null);
    verdict.paused = { tasks: paused, retryAfterMs, error };
  }
  if (retryError !== null) verdict.retried = { tasks: retried, error: retryError };
  return verdict;
}

/**
 * The verdict on a batch sent with an earlier key (or service) and answered after the settings
 * changed: a refusal (401), a rate limit (429) or a batch too large (413) was about that key or
 * service, not the current one, so it bars, pauses and shrinks nothing, and the limiter learns no rate
 * from it (health 'failed', as for a batch that got no answer). Those tasks go again at once with the
 * current key: their cells still want an answer.
 */
export function forEarlierKey(verdict: Verdict): Verdict {
  const resent = [
    ...verdict.resent,
    ...(verdict.refused?.tasks ?? []),
    ...(verdict.paused?.tasks ?? []),
    ...(verdict.smaller?.tasks ?? []),
  ];
  const health = verdict.health === 'rate-limited' ? 'failed' : verdict.health;
  return { ...verdict, health, refused: null, paused: null, smaller: null, resent };
}

/** Tasks that still have attempts left (fewer than `most` sends); the others fail with `error`. */
export function withAttemptsLeft(tasks: Task[], error: ServiceError, most: number): Task[] {
  return tasks.filter((task) => {
    if (task.attempts < most) return true;
    task.fail(error, task.attempts);
    return false;
  });
}
