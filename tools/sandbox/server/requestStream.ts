/**
 * What carries a request to the sandbox: over HTTP/2 a stream of a shared session, over HTTP/1.1 a
 * socket of its own. The two differ in how a request is dropped and in how it says it has no body.
 */
import type { FastifyRequest } from 'fastify';
import type { Http2ServerRequest, ServerHttp2Stream } from 'http2';

/** The HTTP/2 stream a request came on; undefined over HTTP/1.1. */
export const streamOf = (raw: FastifyRequest['raw']): ServerHttp2Stream | undefined =>
  (raw as unknown as Partial<Http2ServerRequest>).stream;

/**
 * Whether the request has no body: a length of 0, or over HTTP/1.1 neither a length nor chunks
 * (Fastify's rule, handle-request.js). HTTP/2 needs neither header for a body; a bodiless request
 * there ends its stream with its headers.
 */
export function hasNoBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length === '0') return true;
  const stream = streamOf(request.raw);
  if (stream) return stream.endAfterHeaders;
  return request.headers['transfer-encoding'] === undefined && length === undefined;
}
