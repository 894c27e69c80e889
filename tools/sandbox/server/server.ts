/**
 * The sandbox: a local stand-in for the climate profile service, on loopback. Start it with
 * `startSandbox()` (tests pass `port: 0`) or `npm run sandbox`.
 */
import { AddressInfo } from 'net';
import { SANDBOX_HOST, SANDBOX_PORT } from '../../../src/service/contract';
import type { OrganizationRecord, OrganizationRequest } from '../../../src/service/types';
import { formatBanner } from './banner';
import { buildApp } from './httpApp';
import { KNOB_NAMES, KnobStore, SandboxKnobs } from '../faults/knobs';
import { Population } from '../world/population';
import { serviceRoutes } from '../service/routes';
import { parseOrganizationRequest } from '../service/organizationRequest';
import { createState, type SandboxState } from '../service/state';
import { SandboxStats } from '../faults/stats';
import type { WorldChange } from '../world/world';

export { SANDBOX_PROJECT_KEY, SANDBOX_TEAM_KEY } from '../service/keys';
export { ADMIN_PREFIX } from '../faults/adminRoutes';
export { DEFAULT_KNOBS, KnobError } from '../faults/knobs';
export type { SandboxKnobs } from '../faults/knobs';
export type { SandboxStats } from '../faults/stats';
export type { WorldChange } from '../world/world';
export { Population } from '../world/population';
export type { SandboxOrganization, SandboxProfile } from '../world/population';

export const SANDBOX_DEFAULT_ORGANIZATIONS = 20000;
/** 200,000 take about 7 s and 360 MB to build; ten million took minutes and ran out of memory. */
export const SANDBOX_MAX_ORGANIZATIONS = 1_000_000;

export interface SandboxOptions extends Partial<SandboxKnobs> {
  /** Default SANDBOX_PORT; tests pass 0 for a free port. */
  port?: number;
  /** Default SANDBOX_HOST: this machine only. */
  host?: string;
  /** Default 1. */
  seed?: number;
  /** Population size, default 20000. */
  organizations?: number;
  /** When the sandbox starts on the calendar (ms since 1970), which its records' dates count from; default now. */
  startMs?: number;
  /** No start banner. */
  quiet?: boolean;
  /** One log line per answered request (the CLI turns this on). Default false. */
  logRequests?: boolean;
  /** Serve HTTP/2 over TLS (https://) with this certificate (certificate.ts makes one); default plain HTTP/1.1. */
  tls?: { key: string; cert: string };
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010, or https:// with `tls` (no trailing slash) */
  url: string;
  port: number;
  population: Population;
  /**
   * What `POST /organizations` would answer now for an organization of the population or one already
   * registered, without registering anything; null for an invalid request or one the sandbox has not
   * met. Tests compute expected cells from it, faults or not.
   */
  recordFor(request: OrganizationRequest): OrganizationRecord | null;
  /** Same as POST /__sandbox/config; throws KnobError on an invalid knob, changing nothing. */
  configure(knobs: Partial<SandboxKnobs>): void;
  /** Same as GET /__sandbox/config. */
  knobs(): SandboxKnobs;
  /** Same as GET /__sandbox/stats. */
  stats(): SandboxStats;
  /** Same as POST /__sandbox/reset. */
  resetStats(): void;
  /** Same as POST /__sandbox/clock {"advanceSeconds": n}: answers what the days passed changed. */
  advanceClock(seconds: number): readonly WorldChange[];
  /** Same as GET /__sandbox/world's `changes`: everything the days passed have changed, in order. */
  worldChanges(): readonly WorldChange[];
  close(): Promise<void>;
}

function integerOption(name: string, value: number | undefined, fallback: number, min: number, max?: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || (max !== undefined && value > max))
    throw new RangeError(
      `${name} must be an integer ${max === undefined ? `>= ${min}` : `from ${min} to ${max}`}, got ${value}`,
    );
  return value;
}

function recordFor(state: SandboxState, request: OrganizationRequest): OrganizationRecord | null {
  state.world.catchUp();
  const parsed = parseOrganizationRequest(request);
  if (!parsed.ok) return null;
  const found = state.registry.find(parsed.request);
  return found && found.kind !== 'ambiguous' ? state.registry.recordOf(found, parsed.request.externalId) : null;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = integerOption('seed', options.seed, 1, 0);
  const organizations = integerOption(
    'organizations',
    options.organizations,
    SANDBOX_DEFAULT_ORGANIZATIONS,
    0,
    SANDBOX_MAX_ORGANIZATIONS,
  );
  const port = integerOption('port', options.port, SANDBOX_PORT, 0);
  const host = options.host ?? SANDBOX_HOST;
  const knobs = new KnobStore(Object.fromEntries(KNOB_NAMES.map((name) => [name, options[name]])));
  const state = createState(seed, organizations, knobs, options.startMs);
  const app = buildApp(state, serviceRoutes(state), {
    logRequests: options.logRequests ?? false,
    tls: options.tls,
  });
  await app.listen({ port, host });
  const actualPort = (app.server.address() as AddressInfo).port;
  // The address printed is one the add-in takes: no IPv6 host (its page's policy cannot list one), and
  // no wildcard (0.0.0.0 or ::, not an address to connect to, and not loopback to its http rule). On
  // those this machine reaches us as localhost, a name the h2 certificate covers.
  const bare = host.replace(/^\[|\]$/g, '');
  const named = ['::1', '0.0.0.0', '::'].includes(bare) ? 'localhost' : bare.includes(':') ? `[${bare}]` : host;
  const url = `${options.tls ? 'https' : 'http'}://${named}:${actualPort}`;
  if (!options.quiet) process.stdout.write(formatBanner(url, organizations, seed, knobs.current));
  return {
    url,
    port: actualPort,
    population: state.population,
    recordFor: (request) => recordFor(state, request),
    configure: (patch) => void knobs.update(patch),
    knobs: () => ({ ...knobs.current, revokedKeys: [...knobs.current.revokedKeys] }),
    stats: () => state.stats.snapshot(),
    resetStats: () => state.stats.reset(),
    advanceClock: (seconds) => {
      state.clock.advance(seconds);
      return state.world.catchUp();
    },
    worldChanges: () => {
      state.world.catchUp();
      return state.world.changes();
    },
    close: () => app.close(),
  };
}
