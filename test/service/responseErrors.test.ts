import {
  AuthError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ServiceError,
  ValidationError,
} from '../../src/service/errors';
import { errorFromResponse, parseRetryAfter } from '../../src/service/responseErrors';

const envelope = (type: string, message: string) => ({ error: { type, message } });

describe('errorFromResponse', () => {
  it('401 keeps the service message', () => {
    const said = 'API key missing: send it in the Authorization header';
    const error = errorFromResponse(401, {}, envelope('authentication_error', said));
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ kind: 'auth', status: 401, retryable: false });
    expect(error.message).toBe(said);
  });

  it('404 reads the {status, title, detail} shape', () => {
    const body = { status: 404, title: 'Organization Not found', detail: 'No organization 9', id: '9' };
    const error = errorFromResponse(404, {}, body);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('Organization Not found: No organization 9');
  });

  it('422 keeps the validation message, 413 is too-large', () => {
    const invalid = errorFromResponse(422, {}, envelope('validation_error', 'Give a name, a website or an identifier'));
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid.message).toBe('Give a name, a website or an identifier');
    const large = errorFromResponse(413, {}, envelope('invalid_request_error', 'At most 100 requests per batch'));
    expect(large).toMatchObject({ kind: 'too-large', status: 413, message: 'At most 100 requests per batch' });
  });

  it('429 carries Retry-After, or null without it', () => {
    // Header names reach it lower-cased: the transport and the batch codec fold them (their tests say so).
    const limited = errorFromResponse(429, { 'retry-after': '2' }, envelope('rate_limit_error', 'Slow down'));
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited).toMatchObject({
      retryAfterMs: 2000,
      retryable: true,
      message: 'Slow down (it asked to wait 2 s).',
    });
    expect(errorFromResponse(429, {}, null)).toMatchObject({
      retryAfterMs: null,
      kind: 'rate-limit',
      message: 'The service is limiting the request rate (HTTP 429).',
    });
  });

  it('a 429 says how long the service asked to wait, as the pane shows it (Test connection, Projects)', () => {
    expect(errorFromResponse(429, { 'retry-after': '90' }, null).message).toBe(
      'The service is limiting the request rate (HTTP 429): it asked to wait 90 s.',
    );
    expect(errorFromResponse(429, { 'retry-after': '0.4' }, null).message).toBe(
      'The service is limiting the request rate (HTTP 429): it asked to wait 1 s.',
    );
  });

  it('5xx (503 too) is a retryable ServerError whatever the body', () => {
    for (const status of [500, 502, 503]) {
      const error = errorFromResponse(status, {}, '<html>Bad gateway</html>');
      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ status, retryable: true, message: `The service failed (HTTP ${status}).` });
    }
    const withMessage = errorFromResponse(500, {}, envelope('api_error', 'boom'));
    expect(withMessage.message).toBe('The service failed (HTTP 500): boom');
  });

  it('other statuses are ServiceError "http"; redirects say they are not followed', () => {
    const teapot = errorFromResponse(418, {}, 'I am a teapot');
    expect(teapot.constructor).toBe(ServiceError);
    expect(teapot).toMatchObject({ kind: 'http', status: 418, message: 'HTTP 418: I am a teapot' });
    expect(errorFromResponse(302, { location: 'https://elsewhere.example' }, null).message).toMatch(/redirect/);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('reads seconds and HTTP-dates, a past date as 0', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });
  it('reads absent or unreadable values as null', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});
