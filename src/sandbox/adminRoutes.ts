/**
 * The sandbox's own paths, outside the service (no key, no faults, not counted): stats, their reset,
 * the knobs and the profiling clock. The add-in never calls these; tests and benchmarks do.
 */
import { FastifyInstance } from 'fastify';
import { KnobError } from './knobs';
import { SandboxState } from './state';

export const ADMIN_PREFIX = '/__sandbox';

const invalid = (message: string) => ({ error: { type: 'validation_error', message } });

export function registerAdminRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get(`${ADMIN_PREFIX}/stats`, async () => state.stats.snapshot());

  app.post(`${ADMIN_PREFIX}/reset`, async () => {
    state.stats.reset();
    return state.stats.snapshot();
  });

  app.get(`${ADMIN_PREFIX}/config`, async () => state.knobs.current);

  app.post(`${ADMIN_PREFIX}/config`, async (request, reply) => {
    try {
      return state.knobs.update(request.body ?? {});
    } catch (error) {
      if (error instanceof KnobError) return reply.code(422).send(invalid(error.message));
      throw error;
    }
  });

  app.post(`${ADMIN_PREFIX}/clock`, async (request, reply) => {
    const seconds = (request.body as { advanceSeconds?: unknown } | undefined)?.advanceSeconds;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
      return reply.code(422).send(invalid('Send {"advanceSeconds": n} with n >= 0'));
    }
    state.clock.advance(seconds);
    return { advancedSeconds: state.clock.advancedSeconds };
  });
}
