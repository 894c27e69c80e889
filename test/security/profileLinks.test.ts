/**
 * Profile links from a hostile service, through the built bundle: a record whose link is not an
 * absolute https address of at most 2,048 characters (without user name or password) reaches no cell.
 * LINK says #N/A with the rule; the SCORE card has no 'Profile link' property and its logo no target.
 */
import type { ServerResponse } from 'node:http';
import { buildProduction, removeTempDirs, tempDir } from '../build/dist';
import type { CellOutcome } from '../harness';
import { json } from '../service/scriptedServer';
import { batchServiceSuite } from './batchService';

const GOOD = 'https://profiles.example/organizations/7-acme';
/** Profile links on the provider's own site (provider.json's `site`: ditchcarbon.com and its subdomains). */
const PROVIDER_LINKS: Record<string, string> = {
  own: 'https://ditchcarbon.com/organizations/7-acme',
  sub: 'https://app.ditchcarbon.com/organizations/7-acme',
};
/** Well-formed https links elsewhere: a compromised service labelling any site with the provider's logo. */
const ELSEWHERE: Record<string, string> = {
  elsewhere: 'https://evil.example/login',
  lookalike: 'https://ditchcarbon.com.evil.example/organizations/7',
  suffix: 'https://notditchcarbon.com/organizations/7',
};
const HOSTILE: Record<string, string> = {
  script: 'javascript:alert(document.cookie)',
  data: 'data:text/html,<script>alert(1)</script>',
  file: 'file:///C:/Windows/win.ini',
  unc: '\\\\attacker.example\\share\\profile',
  http: 'http://profiles.example/organizations/7',
  credentials: 'https://user:secret@profiles.example/organizations/7',
  long: `https://profiles.example/${'a'.repeat(2048)}`,
  relative: '/organizations/7',
  spaced: ' https://profiles.example/organizations/7',
  slashes: 'https:\\\\attacker.example\\share',
};

/** A synced record for each batch item; the requested name picks the link (GOOD for "good"). */
function answer(body: string, res: ServerResponse): void {
  const requests = JSON.parse(new URLSearchParams(body).get('requests') ?? '[]') as Array<{ body?: { name?: string } }>;
  json(
    res,
    200,
    requests.map((item, i) => {
      const name = item.body?.name ?? '';
      const link = name === 'good' ? GOOD : (HOSTILE[name] ?? PROVIDER_LINKS[name] ?? ELSEWHERE[name]);
      const record = {
        id: i + 1,
        name,
        status: 'synced',
        score: 0.5,
        rank: 'high',
        matching_organization: { id: 7, name: `Matched ${name}`, link, industry: null },
        initiatives: {},
      };
      return { status: 200, headers: {}, body: JSON.stringify(record) };
    }),
  );
}

const suite = batchServiceSuite(answer);

type Card = { type: string; properties?: Record<string, unknown>; provider?: { logoTargetAddress?: string } };

/** LINK and SCORE of a row per name, in a workbook of the build in `distDir` (dist/ by default). */
async function linksAndCards(names: string[], distDir?: string) {
  const session = await suite.open({}, distDir);
  const addresses = await session.calculate({
    inputs: names.map((name) => [name]),
    formulas: { B: '=CLIMATE.LINK(A{row})', C: '=CLIMATE.SCORE(A{row})' },
  });
  await session.settled(30_000);
  const results = await session.results();
  const outcome = (row: number, column: number): CellOutcome => results[addresses[row * 2 + column]].outcome;
  return {
    link: (row: number): CellOutcome => outcome(row, 0),
    card: (row: number): Card => (outcome(row, 1) as { value: Card }).value,
  };
}

/** Rows `from` on have no link: LINK says why (`rule` in words), the card has no Profile link and its logo no target. */
function expectNoLinks(
  names: string[],
  from: number,
  rows: Awaited<ReturnType<typeof linksAndCards>>,
  rule: string,
): void {
  for (let row = from; row < names.length; row += 1) {
    expect({ name: names[row], link: rows.link(row) }).toEqual({
      name: names[row],
      link: {
        kind: 'error',
        code: '#N/A',
        message: `No public profile link for Matched ${names[row]}: the service sent none, or one that is ${rule}.`,
      },
    });
    expect(rows.card(row).properties?.['Profile link']).toBeUndefined();
    expect(rows.card(row).provider).not.toHaveProperty('logoTargetAddress');
  }
}

test('LINK, the card and the logo target take only absolute https links without credentials', async () => {
  const names = ['good', ...Object.keys(HOSTILE)];
  const rows = await linksAndCards(names);
  expect(rows.link(0)).toEqual({ kind: 'value', value: GOOD });
  expect(rows.card(0).properties?.['Profile link']).toEqual({ type: 'String', basicValue: GOOD });
  expect(rows.card(0).provider?.logoTargetAddress).toBe(GOOD);
  expectNoLinks(names, 1, rows, 'not an https address of at most 2,048 characters');
});

describe('a build for a production service', () => {
  let dist: string;
  beforeAll(() => {
    dist = buildProduction(tempDir('production-links'), { flags: ['--env', 'serviceUrl=https://api.ditchcarbon.com'] });
  }, 240_000);
  afterAll(() => removeTempDirs());

  test("takes profile links only on the provider's own site", async () => {
    const own = Object.keys(PROVIDER_LINKS);
    const names = [...own, 'good', ...Object.keys(ELSEWHERE)];
    const rows = await linksAndCards(names, dist);
    own.forEach((name, row) => {
      expect(rows.link(row)).toEqual({ kind: 'value', value: PROVIDER_LINKS[name] });
      expect(rows.card(row).provider?.logoTargetAddress).toBe(PROVIDER_LINKS[name]);
    });
    expectNoLinks(names, own.length, rows, 'not an https address on ditchcarbon.com of at most 2,048 characters');
  }, 60_000);
});
