/**
 * How a call to the engine fails: one kind per thing a person can do about it, and a message that
 * says what to do. Messages come from the service's own words where it has them, never carry the key.
 */
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

export const SET_KEY_ADVICE = 'Set your API key in the Climate pane.';

const LIMITING = 'The climate service is limiting requests';

export function authError(serviceMessage: string): EngineError {
  const said = serviceMessage.trim().replace(/\.?$/, '.');
  return new EngineError('auth', `${said} ${SET_KEY_ADVICE}`);
}

/** No key to send: none set, or (`settingsProblem`) the one in the settings is not a valid key. */
export function missingKeyError(settingsProblem: string | null = null): EngineError {
  if (settingsProblem !== null) return new EngineError('auth', `${settingsProblem} ${SET_KEY_ADVICE}`);
  return new EngineError('auth', `No API key is set for the climate service. ${SET_KEY_ADVICE}`);
}

/**
 * A call whose deadline passed while every sender waited out the pause a 429 asked for: the service
 * did answer, asking to wait (`askedMs`, its Retry-After; null when it gave none). A refresh does not
 * end that wait (sent sooner, the calls would only meet another 429), so the advice is to refresh later.
 */
export function waitAskedError(askedMs: number | null): EngineError {
  const asked = askedMs === null ? '' : ` and asked to wait ${Math.round(askedMs / 1000)} s`;
  return new EngineError('rate-limit', `${LIMITING}${asked}. Try Refresh later.`);
}

export function deadlineError(deadlineMs: number): EngineError {
  const seconds = Math.round(deadlineMs / 1000);
  return new EngineError(
    'deadline',
    `The climate service did not answer within ${seconds} s. Use Refresh in the Climate pane to try again.`,
  );
}

/** Every call after the runtime's engine is disposed, and every call still waiting then. */
export function shuttingDownError(): EngineError {
  return new EngineError('cancelled', 'The add-in is shutting down.');
}

export function cancelledError(): EngineError {
  return new EngineError('cancelled', 'Excel cancelled this calculation.');
}

/** "The service failed (HTTP 500)." + " (tried 3 times)" -> "The service failed (HTTP 500) (tried 3 times)." */
function withTries(message: string, attempts: number): string {
  const base = message.trim().replace(/\.$/, '');
  return attempts > 1 ? `${base} (tried ${attempts} times).` : `${base}.`;
}

/**
 * A registration the service refused (422): whatever the input was, the service could not tell which
 * organization it names, and its own words say why. Other failures read as for any request.
 */
export function registrationErrorFrom(error: unknown, attempts: number): EngineError {
  if (!(error instanceof ServiceError) || error.kind !== 'validation') return engineErrorFrom(error, attempts);
  const said = error.message.trim().replace(/\.?$/, '.');
  return new EngineError('invalid', `The service could not identify the organization from what was sent: ${said}`);
}

/** The failure a caller sees once retrying has stopped (or was never worth it). */
export function engineErrorFrom(error: unknown, attempts: number): EngineError {
  if (error instanceof EngineError) return error;
  if (!(error instanceof ServiceError)) {
    const said = error instanceof Error ? error.message : String(error);
    return new EngineError('network', `The request could not be sent: ${said}`);
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
      return new EngineError('rate-limit', `${withTries(LIMITING, attempts)} Try Refresh later.`);
    case 'server':
      return new EngineError('server', `${withTries(error.message, attempts)} Try Refresh later.`);
    case 'network':
      return new EngineError(
        'network',
        `${withTries(error.message, attempts)} Check the connection or the service address in the Climate pane.`,
      );
    case 'cross-origin':
      return new EngineError('network', error.message);
    case 'malformed':
      return new EngineError('malformed', `${withTries(error.message, attempts)} Try Refresh later.`);
  }
}
