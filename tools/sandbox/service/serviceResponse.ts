/**
 * What a route answers, independent of how it was reached: the HTTP routes send it as it is, the batch
 * dispatcher wraps it as an item. Error envelopes are the contract's.
 */

export interface ServiceResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): ServiceResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body };
}

function errorEnvelope(
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): ServiceResponse {
  return json(status, { error: { type, message } }, headers);
}

export const authenticationError = (message: string): ServiceResponse =>
  errorEnvelope(401, 'authentication_error', message);
export const validationError = (message: string): ServiceResponse => errorEnvelope(422, 'validation_error', message);
export const tooLargeError = (message: string): ServiceResponse => errorEnvelope(413, 'request_too_large', message);
export const serverError = (message: string): ServiceResponse => errorEnvelope(500, 'api_error', message);
export const routeNotFound = (method: string, path: string): ServiceResponse =>
  errorEnvelope(404, 'not_found_error', `No such endpoint: ${method} ${path}`);

export function rateLimitError(retryAfterSeconds: number | null): ServiceResponse {
  const message = 'Too many requests for this API key. Slow down and retry later.';
  return errorEnvelope(
    429,
    'rate_limit_error',
    message,
    retryAfterSeconds === null ? {} : { 'retry-after': String(retryAfterSeconds) },
  );
}

/** The documented 404 of the organization endpoints (not the error envelope of the others). */
export function organizationNotFound(id: string): ServiceResponse {
  return json(404, { status: 404, title: 'Organization Not found', detail: `No organization with id ${id}`, id });
}
