/**
 * The fastify application: CORS (service routes only) and form bodies, the service routes behind a
 * gate that applies the per-request knobs (hang, dropped connections, latency, authentication, rate
 * limit, injected 500s), the contract's error envelopes for unknown routes and unreadable bodies, and
 * the sandbox's own /__sandbox paths.
 */
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import Fastify, { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constants, type Http2Session } from 'http2';
import { registerAdminRoutes, ADMIN_PREFIX, isAdminUrl } from '../faults/adminRoutes';
import { Principal } from '../service/keys';
import { streamOf } from './requestStream';
import { ServiceRoute, routeKey } from '../service/serviceRoute';
import {
  ServiceResponse,
  rateLimitError,
  routeNotFound,
  serverError,
  tooLargeError,
  validationError,
} from '../service/serviceResponse';
import { SandboxState } from '../service/state';
import { sleep } from '../faults/sleep';

export interface AppOptions {
  /** One line per answered request (never headers, so never a key). */
  logRequests: boolean;
  /** HTTP/2 over TLS with this certificate (HTTP/1.1 over TLS still answered); plain HTTP/1.1 without. */
  tls?: { key: string; cert: string };
}

/** What an HTTP/2 server commonly advertises (nginx 128, most CDNs 100); browsers honour it. */
export const HTTP2_MAX_STREAMS = 100;

/**
 * Fastify typed for HTTP/1.1: the routes below only use what both protocols share (the compatibility
 * API of node:http2), so the HTTP/2 instance is handled through the same type.
 */
function createFastify(tls: AppOptions['tls']): FastifyInstance {
  const common = { logger: false, forceCloseConnections: true } as const;
  if (!tls) return Fastify(common);
  // Node's default of 10 MB per session is spent by a few hundred 100-item batches queued at once
  // (timer-batch's 2,000 at 50,000 rows): it then resets the session, which no service of ours would do.
  const https = {
    ...tls,
    allowHTTP1: true,
    maxSessionMemory: 256,
    settings: { maxConcurrentStreams: HTTP2_MAX_STREAMS },
  };
  const app = Fastify({ ...common, http2: true, https });
  // forceCloseConnections reaches HTTP/1.1 sockets only: HTTP/2 sessions are ended here, or a client
  // holding one open would keep close() waiting.
  const sessions = new Set<Http2Session>();
  app.server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  app.addHook('preClose', (done) => {
    for (const session of sessions) session.destroy();
    done();
  });
  return app as unknown as FastifyInstance;
}

/** Drops what carries the request: an HTTP/2 stream is reset (its session carries others), a socket closed. */
function dropConnection(raw: FastifyRequest['raw']): void {
  const stream = streamOf(raw);
  if (stream) stream.close(constants.NGHTTP2_INTERNAL_ERROR);
  else raw.socket.destroy();
}

/** Whether the client is gone meanwhile (the sandbox closed under the request, or the stream was reset). */
function gone(raw: FastifyRequest['raw']): boolean {
  const stream = streamOf(raw);
  return stream ? stream.destroyed : raw.socket.destroyed;
}

/** By the route the router chose, and by the URL however encoded (a preflight has no route of its own). */
const isAdmin = (request: FastifyRequest): boolean =>
  (request.routeOptions.url ?? '').startsWith(ADMIN_PREFIX) || isAdminUrl(request.url);

const SERVICE_CORS = {
  origin: '*',
  methods: ['GET', 'POST', 'OPTIONS'],
  allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
  exposedHeaders: ['Link', 'Retry-After'],
  maxAge: 600,
};

export function buildApp(state: SandboxState, routes: readonly ServiceRoute[], options: AppOptions): FastifyInstance {
  const app = createFastify(options.tls);
  const principals = new WeakMap<FastifyRequest, Principal>();

  // The service routes answer any page (as the sandbox assumes the real service does), unless the cors
  // knob is off; the admin routes answer none: no CORS headers and no preflight, so a web page the
  // developer visits cannot read or change them.
  void app.register(cors, {
    delegator: (request, callback) =>
      callback(null, isAdmin(request) || !state.knobs.current.cors ? { origin: false } : SERVICE_CORS),
  });
  void app.register(formbody);

  /** Sends a service answer: counted by status, and cut short when the malformed-body dice say so. */
  const send = (reply: FastifyReply, response: ServiceResponse): FastifyReply => {
    state.stats.status(response.status);
    let payload = JSON.stringify(response.body);
    if (state.faults.malformed(state.knobs.current))
      payload = payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
    return reply.code(response.status).headers(response.headers).send(payload);
  };

  /** Runs before the body is read, like a real gateway: it can hang, drop, delay or refuse the request. */
  const gate =
    (route: ServiceRoute) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
      state.stats.request();
      const knobs = state.knobs.current;
      if (knobs.hang) {
        reply.hijack(); // never answered; the socket is closed when the sandbox closes
        return;
      }
      if (state.faults.drop(knobs)) {
        reply.hijack();
        dropConnection(request.raw);
        return;
      }
      if (knobs.latencyMs > 0) await sleep(knobs.latencyMs);
      // Cut meanwhile (the sandbox closed under it): never handled, as a gateway forwards nothing it lost.
      if (gone(request.raw)) return reply.hijack();
      const auth = state.keys.authenticate(request.headers.authorization, route.scope, knobs.revokedKeys);
      if (!auth.ok) {
        state.stats.authFailure();
        return send(reply, auth.response);
      }
      if (knobs.rateLimit !== null) {
        const decision = state.rateLimiter.take(auth.key, knobs.rateLimit);
        if (!decision.allowed) {
          state.stats.rateLimited();
          return send(reply, rateLimitError(knobs.rateLimitRetryAfter ? decision.retryAfterSeconds : null));
        }
      }
      if (state.faults.fail(knobs))
        return send(reply, serverError('The service failed to answer (injected by the sandbox failRate knob)'));
      principals.set(request, auth.principal);
    };

  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      onRequest: gate(route),
      handler: async (request, reply) => {
        state.stats.route(routeKey(route));
        const [path, query = ''] = request.url.split('?', 2);
        const response = await route.handle({
          method: route.method,
          path,
          params: request.params as Record<string, string>,
          query: new URLSearchParams(query),
          body: request.body,
          authorization: request.headers.authorization,
          principal: principals.get(request)!,
          origin: `${request.protocol}://${request.host}`,
        });
        return send(reply, response);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    state.stats.request();
    return send(reply, routeNotFound(request.method, request.url.split('?')[0]));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    const response =
      status === 413
        ? tooLargeError('The request body is too large')
        : status < 500
          ? validationError(`The request body could not be read: ${error.message}`)
          : serverError('The sandbox failed while answering this request');
    if (status >= 500) console.error('sandbox error:', error);
    return isAdmin(request) ? reply.code(response.status).send(response.body) : send(reply, response);
  });

  if (options.logRequests) {
    app.addHook('onResponse', async (request, reply) => {
      const ms = reply.elapsedTime.toFixed(0);
      process.stdout.write(`${request.method} ${request.url} ${reply.statusCode} ${ms}ms\n`);
    });
  }

  registerAdminRoutes(app, state);
  return app;
}
