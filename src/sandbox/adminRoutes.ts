/**
 * The sandbox's own paths, outside the service (no key, no faults, not counted): stats, their reset,
 * the knobs and the profiling clock. The add-in never calls these; tests and benchmarks do.
 * A web page must not reach them: they send no CORS headers (httpApp.ts), answer only a loopback Host
 * (a DNS-rebinding page names its own host), and take POST bodies only as JSON (which a cross-origin
 * page cannot send without the preflight these paths refuse).
 */
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../service/baseUrl';
import { KnobError } from './knobs';
import { SandboxState } from './state';

export const ADMIN_PREFIX = '/__sandbox';

const invalid = (message: string) => ({ error: { type: 'validation_error', message } });
const refused = (message: string) => ({ error: { type: 'forbidden', message } });

/** `127.0.0.1:8080` -> true, `[::1]` -> true, `evil.example:8080` -> false; unreadable -> false. */
function loopbackHostHeader(host: string | undefined): boolean {
  try {
    return host !== undefined && isLoopbackHost(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

async function guard(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  if (!loopbackHostHeader(request.headers.host)) {
    return reply
      .code(403)
      .send(
        refused(
          `The sandbox's ${ADMIN_PREFIX} paths answer only requests addressed to this machine ` +
            '(Host localhost, 127.0.0.1 or [::1]).',
        ),
      );
  }
  const type = request.headers['content-type'] ?? '';
  if (request.method === 'POST' && !/^application\/json\s*(;|$)/i.test(type)) {
    return reply
      .code(415)
      .send(refused(`The sandbox's ${ADMIN_PREFIX} paths take POST bodies only as application/json.`));
  }
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
    state.clock.advance(seconds);
    return { advancedSeconds: state.clock.advancedSeconds };
  });
}
