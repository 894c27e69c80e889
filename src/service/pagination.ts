/**
 * Pages of the listing endpoints: items decoded, the page number, and the `next` / `last` targets of
 * the RFC 5988 `Link` header as paths under the base URL (usable for a request or a batch item).
 */
import { t } from '../i18n/translate';
import { MalformedResponseError, NetworkError } from './errors';
import type { HttpResponse } from './http';
import { parseLinkHeader } from './linkHeader';
import { decodeList, type RecordKind } from './records';
import type { Page } from './types';

/** Enough for every listing of the contract; a service that links on forever is cut off here. */
export const MAX_PAGES = 1000;

/**
 * The most a whole listing may hold, in items and in characters (each item counted as its JSON): far
 * above every listing of the contract (industries: hundreds; SBTi companies: about ten thousand), and
 * low enough that a service linking page after page of items cannot fill the memory or a sheet.
 */
export const MAX_LISTING_ITEMS = 50_000;
export const MAX_LISTING_CHARS = 10_000_000;

/** Longest a whole listing may take when its caller sets no deadline of its own. */
export const LISTING_DEADLINE_MS = 120_000;

export function pageFromResponse<T>(
  response: HttpResponse,
  page: number,
  baseUrl: string,
  decodeItem: (raw: unknown) => T,
  what: RecordKind,
): Page<T> {
  return linkedPage(response, page, (link) => underBase(link, baseUrl), decodeItem, what);
}

/**
 * A page whose links are followed on the path first asked for (`/industries?page=1`): only a link's
 * query is taken, so a base URL with a path prefix is never doubled and no other path is ever asked.
 */
export function pageOnPath<T>(
  response: HttpResponse,
  page: number,
  path: string,
  decodeItem: (raw: unknown) => T,
  what: RecordKind,
): Page<T> {
  return linkedPage(response, page, (link) => path + new URL(link, 'http://service.invalid/').search, decodeItem, what);
}

/** The `page` query parameter of a link, if it has one. */
export function pageNumberOf(target: string): number | null {
  const value = new URL(target, 'http://x').searchParams.get('page');
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * Every item of a listing: the first page, then each `rel="next"` in turn, all within one deadline
 * counted from the start. Stops at a page without next or without items; a link loop, more than
 * MAX_PAGES pages, or more than MAX_LISTING_ITEMS items or MAX_LISTING_CHARS characters is a
 * MalformedResponseError, the deadline passing a NetworkError (a service that
 * links on forever is cut off either way, and the caller settles). `deadlineMs` is read once the first
 * page is in (the caller's settings may still be loading when it starts); that page has its own bound.
 */
export async function collectPages<T>(
  loadFirst: () => Promise<Page<T>>,
  load: (target: string, expectedPage: number) => Promise<Page<T>>,
  deadlineMs: () => number = () => LISTING_DEADLINE_MS,
): Promise<T[]> {
  const started = Date.now();
  let page = await loadFirst();
  const items: T[] = [];
  let chars = 0;
  let count = 1;
  /** Keeps page `pages`'s items, or stops the listing once it would hold more than the bounds allow. */
  const keep = (more: readonly T[], pages: number): void => {
    for (const item of more) chars += JSON.stringify(item)?.length ?? 0;
    const over =
      items.length + more.length > MAX_LISTING_ITEMS
        ? t('cells.listingItems', { count: MAX_LISTING_ITEMS })
        : chars > MAX_LISTING_CHARS
          ? t('cells.listingChars', { count: MAX_LISTING_CHARS })
          : null;
    if (over !== null) throw new MalformedResponseError(t('cells.listingTooLong', { over, count: pages }), null);
    for (const item of more) items.push(item);
  };
  keep(page.items, 1);
  const seen = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = deadlineMs();
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => {
        const seconds = Math.round(limit / 1000);
        reject(new NetworkError(t('cells.listingSlow', { seconds, count })));
      },
      Math.max(0, started + limit - Date.now()),
    );
  });
  try {
    for (; page.next !== null && page.items.length > 0; count += 1) {
      if (seen.has(page.next) || count >= MAX_PAGES) {
        throw new MalformedResponseError(t('cells.listingEndless', { count }), null);
      }
      seen.add(page.next);
      page = await Promise.race([load(page.next, page.page + 1), expired]);
      keep(page.items, count + 1);
    }
    return items;
  } finally {
    clearTimeout(timer);
  }
}

function linkedPage<T>(
  response: HttpResponse,
  page: number,
  place: (link: string) => string,
  decodeItem: (raw: unknown) => T,
  what: RecordKind,
): Page<T> {
  const links = parseLinkHeader(response.headers.link);
  return {
    items: decodeList(response.body, decodeItem, what),
    page,
    next: links.next ? place(links.next) : null,
    last: links.last ? place(links.last) : null,
  };
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
