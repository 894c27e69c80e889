/**
 * Pages of the listing endpoints: items decoded, the page number, and the `next` / `last` targets of
 * the RFC 5988 `Link` header as paths under the base URL (usable for a request or a batch item).
 */
import { MalformedResponseError } from './errors';
import type { HttpResponse } from './http';
import { parseLinkHeader } from './linkHeader';
import { decodeList } from './records';
import type { Page } from './types';

/** Enough for every listing of the contract; a service that links on forever is cut off here. */
export const MAX_PAGES = 1000;

export function pageFromResponse<T>(
  response: HttpResponse,
  page: number,
  baseUrl: string,
  decodeItem: (raw: unknown) => T,
  what: string,
): Page<T> {
  const links = parseLinkHeader(response.headers.link);
  return {
    items: decodeList(response.body, decodeItem, what),
    page,
    next: links.next ? underBase(links.next, baseUrl) : null,
    last: links.last ? underBase(links.last, baseUrl) : null,
  };
}

/** The `page` query parameter of a link, if it has one. */
export function pageNumberOf(target: string): number | null {
  const value = new URL(target, 'http://x').searchParams.get('page');
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * Every item from `first` on, loading each `rel="next"` in turn. Stops at a page without next or
 * without items; a link loop or more than MAX_PAGES pages is a MalformedResponseError.
 */
export async function collectPages<T>(
  first: Page<T>,
  load: (target: string, expectedPage: number) => Promise<Page<T>>,
): Promise<T[]> {
  const items = [...first.items];
  const seen = new Set<string>();
  let page = first;
  for (let count = 1; page.next !== null && page.items.length > 0; count += 1) {
    if (seen.has(page.next) || count >= MAX_PAGES) {
      throw new MalformedResponseError(`The service's page links do not end (stopped after ${count} pages).`, null);
    }
    seen.add(page.next);
    page = await load(page.next, page.page + 1);
    items.push(...page.items);
  }
  return items;
}

/** `http://host/base/industries?page=2` -> `/industries?page=2`; a link elsewhere is kept as sent. */
function underBase(link: string, baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(link, baseUrl + '/');
  } catch {
    return link;
  }
  const base = new URL(baseUrl);
  const prefix = base.pathname === '/' ? '' : base.pathname;
  if (url.origin !== base.origin || !url.pathname.startsWith(prefix + '/')) return link;
  return url.pathname.slice(prefix.length) + url.search;
}
