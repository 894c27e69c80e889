/**
 * Texts from a hostile service, through the built bundle: a name, industry, SBTi value or recommended
 * action that starts like a formula (= + - @, or one hidden behind a tab or a line break) reaches no
 * cell as such. Excel does not evaluate a function's text, but "Save as CSV" and pasting into other
 * tools read it again; every spilled or returned text that starts so is shown with a leading apostrophe.
 */
import type { ServerResponse } from 'node:http';
import type { CellOutcome } from '../harness';
import { json } from '../service/scriptedServer';
import { batchServiceSuite } from './batchService';

/** Formulas, some behind invisible characters (no-break space, zero-width space, byte-order mark) or in full-width signs. */
const HOSTILE = [
  "=cmd|' /C calc'!A0",
  '+1+2',
  '-2+3',
  '@SUM(A1)',
  '\t=1+1',
  '\r\n@SUM(A2)',
  '\u00a0=3+3',
  '\u200b=4+4',
  '\ufeff\u200d@SUM(A3)',
  '\uff1d5+5',
  '\u200b\uff0b6',
  '\uff0d7+7',
  '\uff20SUM(A4)',
];
/**
 * As cells show them: a control character is a space and the text trimmed (records.ts), so the formula
 * is in front; one behind a zero-width character or in a full-width sign gets its apostrophe all the same.
 */
const SAFE = [
  "'=cmd|' /C calc'!A0",
  "'+1+2",
  "'-2+3",
  "'@SUM(A1)",
  "'=1+1",
  "'@SUM(A2)",
  "'\u00a0=3+3",
  "'\u200b=4+4",
  "'\ufeff\u200d@SUM(A3)",
  "'\uff1d5+5",
  "'\u200b\uff0b6",
  "'\uff0d7+7",
  "'\uff20SUM(A4)",
];
/** A text a CSV reader or a paste would take for a formula: one of cellText's signs after invisible characters, or full-width. */
const LOOKS_LIKE_FORMULA = /^[\s\u200b-\u200f\u2060\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/;

function item(body: unknown, headers: Record<string, string> = {}) {
  return { status: 200, headers, body: JSON.stringify(body) };
}

/** A matched name that starts like a formula and is longer than a card's text may be (255 characters). */
const LONG_HOSTILE = `=HYPERLINK("${'x'.repeat(300)}")`;

function record(name: string) {
  return {
    id: 1,
    name,
    website: HOSTILE[1],
    status: 'synced',
    score: 0.5,
    rank: 'high',
    matching_organization: {
      id: 7,
      name: name === 'Long Co' ? LONG_HOSTILE : HOSTILE[0],
      link: null,
      industry: { id: 3, name: HOSTILE[3] },
    },
    industry: { id: 3, name: HOSTILE[3], mean_score: 0.4 },
    initiatives: {},
  };
}

const SBTI = { id: 5, company_name: 'Hostile Co', isin: HOSTILE[2], near_term_target_status: HOSTILE[0] };
const ACTIONS = [{ id: 9, emission_category: HOSTILE[0], recommended_actions: HOSTILE[4], case_study: 'fine' }];

function answer(body: string, res: ServerResponse): void {
  const requests = JSON.parse(new URLSearchParams(body).get('requests') ?? '[]') as Array<{
    url: string;
    body?: { name?: string };
  }>;
  json(
    res,
    200,
    requests.map(({ url, body: request }) => {
      if (url.startsWith('/industries')) return item(HOSTILE.map((name, i) => ({ id: i + 1, name })));
      if (url.startsWith('/sbti_companies')) return item([SBTI]);
      if (url.endsWith('/recommended_actions')) return item({ recommended_actions: ACTIONS });
      return item(record(request?.name ?? ''));
    }),
  );
}

const suite = batchServiceSuite(answer);

/** Every text a result holds: plain values, spilled elements, and the texts inside a card. */
function texts(outcome: CellOutcome): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') found.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(outcome);
  return found;
}

test('no cell, spilled element or card text starts like a formula', async () => {
  const session = await suite.open();
  const addresses = await session.calculate({
    inputs: [['Acme']],
    formulas: {
      B: '=CLIMATE.INDUSTRIES()',
      C: '=CLIMATE.PROFILE(A{row})',
      D: '=CLIMATE.SCORE(A{row})',
      E: '=CLIMATE.SBTI("Hostile Co")',
      F: '=CLIMATE.ACTIONS(A{row})',
      G: '=CLIMATE.PROFILE(A{row}, "Matched organization")',
      H: '=CLIMATE.ORG(A{row})',
      I: '=H{row}.[Matched organization]',
    },
  });
  await session.settled(30_000);
  const results = await session.results();
  const outcomes = addresses.map((address) => results[address].outcome);
  const all = outcomes.flatMap(texts);
  expect(all.filter((text) => LOOKS_LIKE_FORMULA.test(text))).toEqual([]);

  const industries = outcomes[0] as { rows: Array<Array<{ value?: unknown }>> };
  expect(industries.rows.slice(1).map((row) => row[1]?.value)).toEqual(SAFE);
  for (const text of SAFE.slice(0, 5)) expect(all).toContain(text);
  expect(all).toContain('Hostile Co'); // ordinary text is left as it is
});

test("a card keeps a hostile text safe within the add-in's 255-character bound on a card text", async () => {
  const session = await suite.open();
  await session.calculate({
    inputs: [['Long Co']],
    formulas: { B: '=CLIMATE.ORG(A{row})', C: '=B{row}.[Asked for]', D: '=CLIMATE.SCORE(A{row})' },
  });
  await session.settled(30_000);
  const results = await session.results();
  const card = results['Sheet1!B2'].outcome;
  expect(card).toMatchObject({ kind: 'value', value: { type: 'Entity' } });
  const cardTexts = texts(card);
  expect(cardTexts.filter((text) => LOOKS_LIKE_FORMULA.test(text))).toEqual([]);
  expect(cardTexts.filter((text) => text.length > 255)).toEqual([]);
  const name = (card as { value: { text: string } }).value.text;
  expect(name).toMatch(/^'=HYPERLINK\("x+…$/);
  expect(name).toHaveLength(255);
  // The card says what its row asked, since the name it shows is another.
  expect(results['Sheet1!C2'].outcome).toEqual({ kind: 'value', value: 'Long Co' });
  // The score's card: safe as it is, and within the bound.
  const score = texts(results['Sheet1!D2'].outcome);
  expect(score.filter((text) => text.length > 255)).toEqual([]);
});
