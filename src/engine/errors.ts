/**
 * How a call to the engine fails: one kind per thing a person can do about it, and a message that
 * says what to do, in the runtime's language (the kind, not the words, is what code reads). Messages
 * come from the service's own words where it has them, never carry the key.
 */
import { t } from '../i18n/translate';
import { ServiceError } from '../service/errors';
import type { EngineErrorKind } from './types';

export class EngineError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/**
 * Whether `error` is the engine's (optionally of one of `kinds`). A guard rather than bare `kind`
 * strings, so that a renamed kind fails to compile where it is tested.
 */
export function isEngineError(error: unknown, ...kinds: EngineErrorKind[]): error is EngineError {
  return error instanceof EngineError && (kinds.length === 0 || kinds.includes(error.kind));
}

/** A sentence as said, ending with its full stop (Japanese's own, where it has one). */
const withStop = (said: string): string => said.trim().replace(/([.。])?$/, (stop) => stop || '.');

/** What to do about a missing or refused key, after what is wrong with it. */
const setKey = (wrong: string): string => `${withStop(wrong)} ${t('cells.setKey')}`;

export function authError(serviceMessage: string): EngineError {
  return new EngineError('auth', setKey(serviceMessage));
}

/** No key to send: none set, or (`settingsProblem`) the one in the settings is not a valid key. */
export function missingKeyError(settingsProblem: string | null = null): EngineError {
  return new EngineError('auth', setKey(settingsProblem ?? t('cells.noKey')));
}

/**
 * A call whose deadline passed while every sender waited out the pause a 429 asked for: the service
 * did answer, asking to wait (`askedMs`, its Retry-After; null when it gave none). A refresh does not
 * end that wait (sent sooner, the calls would only meet another 429), so the advice is to refresh later.
 */
export function waitAskedError(askedMs: number | null): EngineError {
  const message =
    askedMs === null ? t('cells.limiting') : t('cells.limitingAsked', { seconds: Math.round(askedMs / 1000) });
  return new EngineError('rate-limit', message);
}

export function deadlineError(deadlineMs: number): EngineError {
  return new EngineError('deadline', t('cells.deadline', { seconds: Math.round(deadlineMs / 1000) }));
}

/** Every call after the runtime's engine is disposed, and every call still waiting then. */
export function shuttingDownError(): EngineError {
  return new EngineError('cancelled', t('cells.shuttingDown'));
}

export function cancelledError(): EngineError {
  return new EngineError('cancelled', t('cells.cancelled'));
}

/** "The service failed (HTTP 500)." after 3 attempts -> "The service failed (HTTP 500) (tried 3 times)." */
function withTries(message: string, attempts: number): string {
  if (attempts <= 1) return withStop(message);
  return t('cells.tried', { message: message.trim().replace(/[.。]$/, ''), count: attempts });
}

/** A failure that may pass: what happened, then the advice to refresh later. */
const refreshLater = (message: string, attempts: number): string =>
  `${withTries(message, attempts)} ${t('cells.tryRefresh')}`;

/**
 * A registration the service refused (422): whatever the input was, the service could not tell which
 * organization it names, and its own words say why. Other failures read as for any request.
 */
export function registrationErrorFrom(error: unknown, attempts: number): EngineError {
  if (!(error instanceof ServiceError) || error.kind !== 'validation') return engineErrorFrom(error, attempts);
  return new EngineError('invalid', t('cells.unidentified', { said: withStop(error.message) }));
}

/** The failure a caller sees once retrying has stopped (or was never worth it). */
export function engineErrorFrom(error: unknown, attempts: number): EngineError {
  if (error instanceof EngineError) return error;
  if (!(error instanceof ServiceError)) {
    const said = error instanceof Error ? error.message : String(error);
    return new EngineError('network', t('cells.notSent', { said }));
  }
  switch (error.kind) {
    case 'auth':
      return authError(error.message);
    case 'not-found':
      return new EngineError('not-found', error.message);
    case 'validation':
    case 'too-large':
    case 'http':
      return new EngineError('invalid', error.message);
    case 'rate-limit':
      return new EngineError(
        'rate-limit',
        attempts > 1 ? t('cells.limitingTried', { count: attempts }) : t('cells.limiting'),
      );
    case 'server':
      return new EngineError('server', refreshLater(error.message, attempts));
    case 'network':
      return new EngineError('network', `${withTries(error.message, attempts)} ${t('cells.checkConnection')}`);
    case 'cross-origin':
      return new EngineError('network', error.message);
    case 'malformed':
      return new EngineError('malformed', refreshLater(error.message, attempts));
  }
}
