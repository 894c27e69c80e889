/**
 * Page-numbered listings with RFC 5988 `Link` headers (first, prev, next, last). Link URLs are
 * absolute and keep the request's other query parameters.
 */
import { ServiceRequest } from './serviceRoute';
import { ServiceResponse, json, validationError } from './serviceResponse';

/** The `page` query parameter: 1 when absent; a validation error when not a positive integer. */
export function readPage(query: URLSearchParams): number | ServiceResponse {
  const raw = query.get('page');
  if (raw === null || raw === '') return 1;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1) return validationError(`page must be a positive integer, got "${raw}"`);
  return Number(raw);
}

function linkHeader(request: ServiceRequest, page: number, last: number): string {
  const url = (p: number): string => {
    const query = new URLSearchParams(request.query);
    query.set('page', String(p));
    return `${request.origin}${request.path}?${query.toString()}`;
  };
  const links: [number, string][] = [[1, 'first']];
  if (page > 1) links.push([Math.min(page - 1, last), 'prev']);
  if (page < last) links.push([page + 1, 'next']);
  links.push([last, 'last']);
  return links.map(([p, rel]) => `<${url(p)}>; rel="${rel}"`).join(', ');
}

/**
 * A 200 with the page's items (`[]` past the end) and its Link header. `itemsFor` builds only the
 * items of the page, so long listings cost only what is shown.
 */
export function paginate<T>(
  request: ServiceRequest,
  total: number,
  pageSize: number,
  itemsFor: (start: number, end: number) => T[],
): ServiceResponse {
  const page = readPage(request.query);
  if (typeof page !== 'number') return page;
  const last = Math.max(1, Math.ceil(total / pageSize));
  const start = (page - 1) * pageSize;
  const items = start >= total ? [] : itemsFor(start, Math.min(total, start + pageSize));
  return json(200, items, { link: linkHeader(request, page, last) });
}

/** `paginate` over an array already in hand. */
export function paginateArray<T>(request: ServiceRequest, items: readonly T[], pageSize: number): ServiceResponse {
  return paginate(request, items.length, pageSize, (start, end) => items.slice(start, end));
}
