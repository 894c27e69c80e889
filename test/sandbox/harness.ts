/** Starts sandboxes on loopback for tests and talks to them over real HTTP with Node's fetch. */
import { nameKey } from '../../tools/sandbox/world/matching';
import type { SandboxOrganization } from '../../tools/sandbox/world/population';
import { RunningSandbox, SandboxOptions, SANDBOX_PROJECT_KEY, startSandbox } from '../../tools/sandbox/server/server';

export const SMALL_POPULATION = 500;

export function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, quiet: true, organizations: SMALL_POPULATION, ...options });
}

/** A test file's sandbox and its project-key client, started before the file's tests and closed after them. */
export function sandboxSuite(options: SandboxOptions = {}): { sandbox: RunningSandbox; api: Client } {
  const suite = {} as { sandbox: RunningSandbox; api: Client };
  beforeAll(async () => {
    suite.sandbox = await start(options);
    suite.api = client(suite.sandbox);
  });
  afterAll(() => suite.sandbox.close());
  return suite;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of any answer
  body: any;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

export interface Client {
  get(path: string): Promise<Answer>;
  post(path: string, body?: unknown): Promise<Answer>;
  /** POST /batch with the `requests` field form-encoded, as the contract describes. */
  batch(items: unknown[]): Promise<Answer>;
  /** Any request, headers as given (no key added). */
  raw(path: string, init: RequestInit): Promise<Answer>;
}

/** A client with `key` as its Bearer key; null sends no Authorization header. */
export function client(sandbox: RunningSandbox, key: string | null = SANDBOX_PROJECT_KEY): Client {
  const auth: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
  const raw = async (path: string, init: RequestInit): Promise<Answer> =>
    answer(await fetch(`${sandbox.url}${path}`, init));
  return {
    get: (path) => raw(path, { headers: auth }),
    post: (path, body) =>
      raw(path, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    batch: (items) =>
      raw('/batch', { method: 'POST', headers: auth, body: new URLSearchParams({ requests: JSON.stringify(items) }) }),
    raw,
  };
}

/** Parses an RFC 5988 Link header into rel -> URL. */
export function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="([^"]+)"/.exec(part);
    if (m) out[m[2]] = m[1];
  }
  return out;
}

/** Admin paths of the sandbox (no key). */
export async function admin(
  sandbox: RunningSandbox,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer> {
  return answer(
    await fetch(`${sandbox.url}/__sandbox${path}`, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    }),
  );
}

/**
 * Two organizations of a population whose names differ only in the legal form ("… AG" and "… Ltd"),
 * the only two with that name once the legal form is set aside.
 */
export function legalFormTwins(
  organizations: readonly SandboxOrganization[],
): [SandboxOrganization, SandboxOrganization] {
  const byName = new Map<string, SandboxOrganization[]>();
  for (const o of organizations) byName.set(nameKey(o.name), [...(byName.get(nameKey(o.name)) ?? []), o]);
  const twins = [...byName.values()].find((list) => list.length === 2 && list[0].name !== list[1].name);
  if (!twins) throw new Error('The population has no two names that differ only in the legal form');
  return [twins[0], twins[1]];
}
