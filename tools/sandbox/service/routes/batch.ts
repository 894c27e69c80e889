/**
 * `POST /batch`: a form-encoded field `requests` holding a JSON array of `{url, method, body}`. Each
 * item runs through the same route functions as a direct request, with the batch's Authorization
 * header, and answers `{status, headers, body}` with `body` serialized as a JSON string, in order.
 * A failed item is a non-2xx status inside the 200.
 */
import { RouteTable } from '../routeTable';
import { ServiceMethod, ServiceRequest, ServiceRoute, routeKey } from '../serviceRoute';
import { ServiceResponse, json, routeNotFound, tooLargeError, validationError } from '../serviceResponse';
import { SandboxState } from '../state';
import { sleep } from '../../faults/sleep';

export interface BatchAnswerItem {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const BODY_SHAPE =
  'POST /batch takes a form-encoded body with one field, requests: a JSON array of {url, method, body}';

/** The items of the `requests` field, or the validation error that refuses the whole batch. */
function readItems(body: unknown): unknown[] | ServiceResponse {
  const requests = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).requests : undefined;
  if (typeof requests !== 'string') return validationError(BODY_SHAPE);
  let items: unknown;
  try {
    items = JSON.parse(requests);
  } catch {
    return validationError('requests is not valid JSON');
  }
  return Array.isArray(items) ? items : validationError('requests must be a JSON array of {url, method, body}');
}

export function batchRoute(state: SandboxState, table: RouteTable): ServiceRoute {
  /** One item's answer: the route's own, or 422 / 404 / 401 as a direct request would get. */
  const answerItem = async (item: unknown, batch: ServiceRequest): Promise<ServiceResponse> => {
    if (typeof item !== 'object' || item === null)
      return validationError('Each batch item must be an object {url, method, body}');
    const { url, method, body } = item as Record<string, unknown>;
    if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) {
      return validationError('A batch item url must be a relative path such as /organizations');
    }
    const verb = typeof method === 'string' ? method.toUpperCase() : 'GET';
    const parsed = new URL(url, 'http://batch.invalid');
    const match = table.match(verb, parsed.pathname);
    if (!match) return routeNotFound(verb, parsed.pathname); // a batch inside a batch included
    const auth = state.keys.authenticate(batch.authorization, match.route.scope, state.knobs.current.revokedKeys);
    if (!auth.ok) return auth.response;
    state.stats.route(routeKey(match.route));
    return match.route.handle({
      ...batch,
      method: verb as ServiceMethod,
      path: parsed.pathname,
      params: match.params,
      query: parsed.searchParams,
      body,
      principal: auth.principal,
    });
  };

  return {
    method: 'POST',
    url: '/batch',
    scope: 'any',
    handle: async (request) => {
      const items = readItems(request.body);
      if (!Array.isArray(items)) return items;
      const knobs = state.knobs.current;
      if (items.length > knobs.maxBatch) {
        return tooLargeError(`A batch may hold at most ${knobs.maxBatch} requests; this one has ${items.length}`);
      }
      state.stats.batch(items.length);
      if (knobs.itemLatencyMs > 0) await sleep(items.length * knobs.itemLatencyMs);
      const answers: BatchAnswerItem[] = [];
      for (const item of items) {
        const answer = await answerItem(item, request);
        answers.push({ status: answer.status, headers: answer.headers, body: JSON.stringify(answer.body) });
      }
      return json(200, answers.slice(0, state.faults.batchItemsToSend(knobs, answers.length)));
    },
  };
}
