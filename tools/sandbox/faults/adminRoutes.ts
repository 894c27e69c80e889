/**
 * The sandbox's own paths, outside the service (no key, no faults, not counted): stats, their reset,
 * the knobs, the clock and what the days it moved changed in the world. The add-in never calls these; tests and benchmarks do.
 * A web page must not reach them: they send no CORS headers (httpApp.ts, deciding on the path as the
 * router reads it, so no percent-encoding slips past), refuse any request that carries an Origin (a
 * browser adds one to every cross-origin fetch and every POST), answer only a peer on this machine and
 * a loopback Host (a DNS-rebinding page names its own host), and take POST bodies only as JSON (which a
 * cross-origin page cannot send without the preflight these paths refuse). A POST with no body at all
 * and no type but JSON (`curl -X POST`) has nothing to refuse.
 */
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../../../src/service/baseUrl';
import { KnobError } from './knobs';
import { hasNoBody } from '../server/requestStream';
import { SandboxState } from '../service/state';

export const ADMIN_PREFIX = '/__sandbox';

const invalid = (message: string) => ({ error: { type: 'validation_error', message } });
const refused = (message: string) => ({ error: { type: 'forbidden', message } });

/** Most rounds of percent-decoding tried: more than any router or proxy in front of the sandbox applies. */
const DECODE_ROUNDS = 4;

/**
 * Whether a request URL names an admin path however it is percent-encoded (`/%5F%5Fsandbox/config`,
 * `/%255F%255Fsandbox/...`): decoded until it stops changing, so that the CORS decision is never
 * looser than the router, which decodes once.
 */
export function isAdminUrl(url: string): boolean {
  let path = url.split('?', 1)[0];
  for (let round = 0; round < DECODE_ROUNDS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  return path.toLowerCase().startsWith(ADMIN_PREFIX);
}

/** A peer address on this machine: 127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6. */
function loopbackPeer(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(address);
}

/** `127.0.0.1:8080` -> true, `[::1]` -> true, `evil.example:8080` -> false; unreadable -> false. */
function loopbackHostHeader(host: string | undefined): boolean {
  try {
    return host !== undefined && isLoopbackHost(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

async function guard(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  if (request.headers.origin !== undefined) {
    return reply
      .code(403)
      .send(refused(`The sandbox's ${ADMIN_PREFIX} paths answer no web page (the request carried an Origin).`));
  }
  // The peer, not the Host header (which any client sets): on --host 0.0.0.0 other machines connect too.
  // `request.host` is the Host header, or over HTTP/2 (which has none) the :authority pseudo-header.
  if (!loopbackPeer(request.socket.remoteAddress) || !loopbackHostHeader(request.host || undefined)) {
    return reply
      .code(403)
      .send(
        refused(
          `The sandbox's ${ADMIN_PREFIX} paths answer only requests from this machine addressed to it ` +
            '(Host localhost, 127.0.0.1 or [::1]).',
        ),
      );
  }
  if (request.method !== 'POST') return;
  const type = request.headers['content-type'];
  const json = type !== undefined && /^application\/json\s*(;|$)/i.test(type);
  // Fastify's JSON parser refuses an empty body; without its type there is nothing for it to parse.
  if (json && hasNoBody(request)) delete request.headers['content-type'];
  // A form's or a text's type is refused even with nothing after it: that is what a page's form sends.
  if (json || (type === undefined && hasNoBody(request))) return;
  return reply
    .code(415)
    .send(refused(`The sandbox's ${ADMIN_PREFIX} paths take POST bodies only as application/json.`));
}

/** The world's day (whole days since the sandbox started) and the sandbox's date now. */
function today(state: SandboxState): { day: number; date: string } {
  return { day: state.clock.day, date: new Date(state.clock.dateAt(state.clock.now())).toISOString() };
}

export function registerAdminRoutes(app: FastifyInstance, state: SandboxState): void {
  const guarded = { onRequest: guard };
  app.get(`${ADMIN_PREFIX}/stats`, guarded, async () => state.stats.snapshot());

  app.post(`${ADMIN_PREFIX}/reset`, guarded, async () => {
    state.stats.reset();
    return state.stats.snapshot();
  });

  app.get(`${ADMIN_PREFIX}/config`, guarded, async () => state.knobs.current);

  app.post(`${ADMIN_PREFIX}/config`, guarded, async (request, reply) => {
    try {
      return state.knobs.update(request.body ?? {});
    } catch (error) {
      if (error instanceof KnobError) return reply.code(422).send(invalid(error.message));
      throw error;
    }
  });

  app.post(`${ADMIN_PREFIX}/clock`, guarded, async (request, reply) => {
    const seconds = (request.body as { advanceSeconds?: unknown } | undefined)?.advanceSeconds;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
      return reply.code(422).send(invalid('Send {"advanceSeconds": n} with n >= 0'));
    }
    try {
      state.clock.advance(seconds);
    } catch (error) {
      if (error instanceof RangeError) return reply.code(422).send(invalid(error.message));
      throw error;
    }
    const changes = state.world.catchUp();
    return { advancedSeconds: state.clock.advancedSeconds, ...today(state), changed: changes.length };
  });

  app.get(`${ADMIN_PREFIX}/world`, guarded, async () => {
    state.world.catchUp();
    return { ...today(state), changes: state.world.changes() };
  });
}
