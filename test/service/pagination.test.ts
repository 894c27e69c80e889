/**
 * How a listing is walked (CLIMATE.INDUSTRIES goes through the engine's batch this way): every
 * `rel="next"` in turn, on the path first asked for, taking only the link's query, so a link to
 * another origin or path is never asked; a link loop or a listing without end stops with a message.
 */
import { MalformedResponseError } from '../../src/service/errors';
import type { HttpResponse } from '../../src/service/http';
import { collectPages, MAX_LISTING_ITEMS, pageNumberOf, pageOnPath } from '../../src/service/pagination';
import type { Page } from '../../src/service/types';

type Item = { id: number };
const decode = (raw: unknown): Item => raw as Item;

/** A listing as the service answers it: page N's items and Link header, by the target asked. */
function listing(links: Record<number, string | undefined>) {
  const asked: string[] = [];
  const answer = (target: string, expected: number): Promise<Page<Item>> => {
    asked.push(target);
    const page = pageNumberOf(target) ?? expected;
    const response: HttpResponse = {
      status: 200,
      headers: links[page] === undefined ? {} : { link: links[page]! },
      body: [{ id: page }],
    };
    return Promise.resolve(pageOnPath(response, page, '/industries/search', decode, 'industry'));
  };
  return { asked, walk: () => collectPages(() => answer('/industries/search?q=st&page=1', 1), answer) };
}

test('relative and absolute next links are followed on the path first asked, until there is none', async () => {
  const { asked, walk } = listing({
    1: '</industries/search?q=st&page=2>; rel="next", </industries/search?q=st&page=3>; rel="last"',
    2: '<https://api.example.com/v1/industries/search?q=st&page=3>; rel="next"',
    3: '</industries/search?q=st&page=1>; rel="first"',
  });
  expect((await walk()).map((item) => item.id)).toEqual([1, 2, 3]);
  expect(asked).toEqual([
    '/industries/search?q=st&page=1',
    '/industries/search?q=st&page=2',
    '/industries/search?q=st&page=3',
  ]);
});

test('a link to another origin or path is asked on the path first asked: nothing else is ever requested', async () => {
  const { asked, walk } = listing({ 1: '<https://elsewhere.example/steal?q=st&page=2>; rel="next"' });
  expect((await walk()).map((item) => item.id)).toEqual([1, 2]);
  expect(asked).toEqual(['/industries/search?q=st&page=1', '/industries/search?q=st&page=2']);
});

test('a link loop stops with a MalformedResponseError that says so', async () => {
  const { walk } = listing({
    1: '</industries/search?q=st&page=2>; rel=next',
    2: '</industries/search?q=st&page=2>; rel=next',
  });
  const error = await walk().catch((e: Error) => e);
  expect(error).toBeInstanceOf(MalformedResponseError);
  expect((error as Error).message).toBe("The service's page links do not end (stopped after 2 pages).");
});

/** A listing that never ends, `perPage` items of `size` characters a page, walked by collectPages. */
function endless(perPage: number, size: number) {
  let asked = 0;
  const answer = (_target: string, page: number): Promise<Page<{ id: number; name: string }>> => {
    asked += 1;
    const items = Array.from({ length: perPage }, (_, i) => ({ id: page * perPage + i, name: 'n'.repeat(size) }));
    return Promise.resolve({ items, page, next: `/industries?page=${page + 1}`, last: null });
  };
  return { asked: () => asked, walk: () => collectPages(() => answer('/industries?page=1', 1), answer) };
}

test('a listing with more items than MAX_LISTING_ITEMS stops at the page that passes it', async () => {
  const listing = endless(2_000, 1);
  const error = await listing.walk().catch((e: Error) => e);
  expect(error).toBeInstanceOf(MalformedResponseError);
  const pages = Math.floor(MAX_LISTING_ITEMS / 2_000) + 1;
  expect((error as Error).message).toBe(
    `The service's listing is longer than 50,000 items (stopped after ${pages} pages).`,
  );
  expect(listing.asked()).toBe(pages);
});

test('a listing with more characters than MAX_LISTING_CHARS stops at the page that passes it', async () => {
  const listing = endless(500, 4_000);
  const error = await listing.walk().catch((e: Error) => e);
  expect(error).toBeInstanceOf(MalformedResponseError);
  expect((error as Error).message).toMatch(
    /^The service's listing is longer than 10,000,000 characters \(stopped after 5 pages\)\.$/,
  );
  expect(listing.asked()).toBe(5);
});
