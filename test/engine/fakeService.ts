/**
 * A `fetch` that answers `POST /batch` like the service, in memory, for unit tests that need control
 * of timing (jest fake timers) and of each answer. The real service's behaviour over HTTP is covered by
 * the integration tests against the sandbox.
 */
import type { FetchLike } from '../../src/service/client';
import type { BatchRequestItem, OrganizationRecord } from '../../src/service/types';
import { INITIATIVE_KEYS } from '../../src/service/types';

export interface ItemAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** How a whole HTTP request is answered: a status + body, items to wrap, or never (hang). */
export type RequestAnswer =
  | { kind: 'items'; items: ItemAnswer[] }
  | { kind: 'http'; status: number; headers?: Record<string, string>; body: string }
  | { kind: 'hang' };

export interface SentRequest {
  items: BatchRequestItem[];
  authorization: string | null;
}

export function record(
  id: number,
  name: string,
  status = 'synced',
  extra: Partial<OrganizationRecord> = {},
): OrganizationRecord {
  const flags = Object.fromEntries(
    INITIATIVE_KEYS.map((key, i) => [key, (id + i) % 3 === 0]),
  ) as OrganizationRecord['initiatives'];
  return {
    id,
    name,
    website: `${name.toLowerCase().replace(/\W+/g, '')}.example`,
    external_id: null,
    hq_region: 'DE',
    status,
    organization_relationship_type: 'requested organization',
    matching_organization: {
      id,
      name,
      link: `https://profiles.example/organizations/${id}`,
      industry: { id: 7, name: 'Freight & logistics' },
    },
    score: status === 'synced' ? ((id * 37) % 100) / 100 + 0.0042 : null,
    industry_score_percentile: status === 'synced' ? (id * 13) % 100 : null,
    rank: 'high',
    industry_rank: 'very_low',
    region_rank: 'unknown',
    industry: { mean_score: 0.4567, id: 7, name: 'Freight & logistics' },
    initiatives: flags,
    reduction_action_present: id % 2 === 0,
    updated_at: null,
    ...extra,
  };
}

export class FakeService {
  readonly sent: SentRequest[] = [];
  /** Per organization request (JSON of the body) the id it resolves to. */
  private readonly ids = new Map<string, number>();
  /** Status an id has when read; default synced. */
  readonly statuses = new Map<number, string>();
  /** Override for the next requests, consumed in order; then `answerItems` applies. */
  readonly script: ((items: BatchRequestItem[]) => RequestAnswer | Promise<RequestAnswer>)[] = [];
  /** Answers to release by hand: when set, every request waits for `release()`. */
  private held: (() => void)[] | null = null;
  inFlight = 0;
  maxInFlight = 0;
  /** Down: every request is answered 503, as by a service behind a gateway that lost it. */
  down = false;

  readonly fetch: FetchLike = async (url, init) => {
    const params = new URLSearchParams(init.body ?? '');
    const items = JSON.parse(params.get('requests') ?? '[]') as BatchRequestItem[];
    if (!url.endsWith('/batch')) throw new Error(`unexpected ${url}`);
    this.sent.push({ items, authorization: init.headers.Authorization ?? null });
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await null; // answers come later than the request, as over a network
      if (this.held) await new Promise<void>((resolve) => this.held!.push(resolve));
      const step = this.down ? unavailable : this.script.shift();
      const answer = step
        ? await step(items)
        : { kind: 'items' as const, items: items.map((item) => this.answerItem(item)) };
      if (answer.kind === 'hang') {
        await new Promise<never>((_resolve, reject) =>
          init.signal.addEventListener('abort', () => reject(init.signal.reason)),
        );
      }
      return answer.kind === 'http'
        ? response(answer.status, answer.headers ?? {}, answer.body)
        : response(200, {}, JSON.stringify((answer as { items: ItemAnswer[] }).items.map(wire)));
    } finally {
      this.inFlight -= 1;
    }
  };

  /** From now on requests wait until released. */
  hold(): void {
    this.held ??= [];
  }

  /** Lets every waiting request answer; later ones answer at once. */
  release(): void {
    const waiting = this.held ?? [];
    this.held = null;
    for (const resolve of waiting) resolve();
  }

  idOf(body: unknown): number {
    const key = JSON.stringify(body);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(key, id);
    }
    return id;
  }

  /** What the service would answer for one item. */
  answerItem(item: BatchRequestItem): ItemAnswer {
    if (item.method === 'POST' && item.url === '/organizations') {
      const body = item.body as { name?: string };
      const id = this.idOf(body);
      return { status: 200, body: record(id, body.name ?? `Org ${id}`, this.statuses.get(id) ?? 'synced') };
    }
    const match = /^\/organizations\/(\d+)(\/private)?$/.exec(item.url);
    if (match) {
      const id = Number(match[1]);
      return {
        status: 200,
        body: record(id, `Org ${id}${match[2] ? ' (private)' : ''}`, this.statuses.get(id) ?? 'synced'),
      };
    }
    if (item.url.startsWith('/industries')) return { status: 200, body: [{ id: 1, name: 'Cement' }] };
    return { status: 404, body: { status: 404, title: 'Not found', detail: item.url } };
  }

  /** Items sent so far, over all requests. */
  items(): BatchRequestItem[] {
    return this.sent.flatMap((request) => request.items);
  }
}

function wire(answer: ItemAnswer): unknown {
  return { status: answer.status, headers: answer.headers ?? {}, body: JSON.stringify(answer.body) };
}

function response(status: number, headers: Record<string, string>, body: string) {
  return {
    status,
    headers: {
      forEach: (callback: (value: string, name: string) => void) =>
        Object.entries(headers).forEach(([n, v]) => callback(v, n)),
    },
    text: async () => body,
  };
}

function unavailable(): RequestAnswer {
  return { kind: 'http', status: 503, body: '{"error":{"message":"Service Unavailable"}}' };
}

export function authFailure(): RequestAnswer {
  return {
    kind: 'http',
    status: 401,
    body: JSON.stringify({
      error: { type: 'authentication_error', message: 'Invalid API key. Check the key and try again.' },
    }),
  };
}
