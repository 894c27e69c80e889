/**
 * Typed failures of the service client. Every failure a caller can meet is one of these, with a
 * message a person can read; none of them ever carries the API key (the client never quotes it, and
 * http.ts takes it out of what the service sends before a message is made of that).
 */

export type ServiceErrorKind =
  | 'auth' // 401: missing, invalid or wrong-kind key
  | 'not-found' // 404
  | 'validation' // 422
  | 'too-large' // 413: batch above the service's limit
  | 'rate-limit' // 429
  | 'server' // 5xx
  | 'network' // connection refused, dropped, timed out
  | 'cross-origin' // answered, but not to a page on another origin (no CORS): only a relay gets through
  | 'malformed' // a body that is not the JSON the contract promises
  | 'http'; // any other non-2xx status

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  /** HTTP status when the service answered; null for network failures. */
  readonly status: number | null;

  constructor(kind: ServiceErrorKind, message: string, status: number | null) {
    super(message);
    this.name = 'ServiceError';
    this.kind = kind;
    this.status = status;
  }

  /** Failures worth trying again: the same request may well succeed later. */
  get retryable(): boolean {
    return ['rate-limit', 'server', 'network', 'malformed'].includes(this.kind);
  }
}

export class AuthError extends ServiceError {
  constructor(message: string) {
    super('auth', message, 401);
    this.name = 'AuthError';
  }
}

export class NotFoundError extends ServiceError {
  constructor(message: string) {
    super('not-found', message, 404);
    this.name = 'NotFoundError';
  }
}

export class ValidationError extends ServiceError {
  constructor(message: string) {
    super('validation', message, 422);
    this.name = 'ValidationError';
  }
}

export class RateLimitError extends ServiceError {
  /** From `Retry-After` (seconds or HTTP date); null when the service did not say. */
  readonly retryAfterMs: number | null;

  constructor(message: string, retryAfterMs: number | null) {
    super('rate-limit', message, 429);
    this.name = 'RateLimitError';
    this.retryAfterMs = retryAfterMs;
  }
}

export class ServerError extends ServiceError {
  constructor(message: string, status: number) {
    super('server', message, status);
    this.name = 'ServerError';
  }
}

export class NetworkError extends ServiceError {
  constructor(message: string) {
    super('network', message, null);
    this.name = 'NetworkError';
  }
}

/**
 * The service answers, but not to calls from a page on another origin, which every call from Excel's
 * runtime is: it allows no cross-origin requests (CORS). Trying again cannot help.
 */
export class CrossOriginError extends ServiceError {
  constructor(message: string) {
    super('cross-origin', message, null);
    this.name = 'CrossOriginError';
  }
}

export class MalformedResponseError extends ServiceError {
  constructor(message: string, status: number | null) {
    super('malformed', message, status);
    this.name = 'MalformedResponseError';
  }
}
