/**
 * The card layout in real Chromium: the BUILT pane, the sandbox over HTTP and the Excel.run shim, which
 * calculates CLIMATE.ORG as the card of the sandbox's record (browser/cardEntities.ts) and Excel's dot
 * notation on it. On a host that renders entities Score a column writes one CLIMATE.ORG column and the
 * outputs as its fields, and every field reads a property the card has; the match review, the summary
 * and the attribution check read that block, and a block of card fields typed by hand; a host without
 * entities gets the formula layout, and an entity host may choose it.
 */
import type { Page } from 'playwright-core';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { excelRound } from '../../harness/expectations';
import { hostProfile, PLAIN_HOST, type HostProfile } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import { cardEntities } from '../browser/cardEntities';
import type { ShimSheet, WorkbookDump } from '../browser/excelShim';
import { activateSheet, openPanePage, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

/** Entity values with a provider, but no Double/Boolean data types: cards render, plain values elsewhere. */
const ENTITY_HOST = hostProfile('CustomFunctionsRuntime 1.4 + ExcelApi 1.16');
const SOURCE_LINE = '=HYPERLINK("https://ditchcarbon.com","Climate data by DitchCarbon")';

const suite = paneSuite({ organizations: 300, profilingSeconds: 3600 });
let storage: Record<string, string>;
/** Three exact names, then a near name that answers with another organization's name (verdict check). */
let names: string[] = [];

beforeAll(async () => {
  const population = suite.sandbox.population;
  const near = population.nearNameCases()[0];
  const owners = population.organizations.filter(
    (org) => org.parentId === null && org.profile !== null && org.id !== near.organization.id,
  );
  names = [...owners.slice(0, 3).map((org) => org.name), near.name];
  storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
});

interface Pane extends PanePage {
  button(name: string): Promise<ReturnType<Page['locator']>>;
  waitForText(selector: string, expected: string, timeout?: number): Promise<void>;
}

async function openPane(profile: HostProfile, sheet: Omit<ShimSheet, 'requirements' | 'entities'>): Promise<Pane> {
  const entities = cardEntities(suite.sandbox.population, names);
  const opened = await openPanePage(
    suite.browser,
    suite.site.url,
    { ...sheet, requirements: profile.requirements, entities },
    storage,
  );
  return {
    ...opened,
    button: async (name) => (await opened.ax.get('button', name)).locator,
    waitForText: (selector, expected, timeout) => waitForText(opened.page, selector, expected, timeout),
  };
}

const supplierSheet = (): Omit<ShimSheet, 'requirements' | 'entities'> => ({
  name: 'Suppliers',
  rows: [['Supplier'], ...names.map((name) => [name])],
  selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
});
const cellAt = (book: WorkbookDump, row: number, column: number) =>
  book.cells.find((cell) => cell.row === row && cell.column === column);
/** Builds the summary from the selection or the scored block; the formulas of the sheet it wrote. */
async function summaryFormulas(pane: Pane, built: string): Promise<string[]> {
  await pane.page.evaluate(() => ((document.getElementById('section-summary') as HTMLDetailsElement).open = true));
  await (await pane.button('Build summary')).click();
  await pane.waitForText('#summary-status', built);
  const summary = (await pane.dump()).sheets.find((sheet) => sheet.name === 'Climate summary')!;
  return summary.cells.map((cell) => cell.formula ?? '');
}
/** Runs the attribution check on `sheet` (made the active sheet again, as the summary left its own active). */
async function checkAttribution(pane: Pane, sheet: string, said: string): Promise<void> {
  await activateSheet(pane.page, sheet);
  await (await pane.button('Check attribution')).click();
  await pane.waitForText('#attribution-status', said);
}
const tick = (page: Page, id: string) =>
  page.evaluate((box) => ((document.getElementById(box) as HTMLInputElement).checked = true), id);

describe('an entity host: the card layout written, then read by review, summary and attribution check', () => {
  let pane: Pane;
  beforeAll(async () => void (pane = await openPane(ENTITY_HOST, supplierSheet())), 60_000);
  afterAll(() => pane?.page.context().close());

  test('Score a column writes one CLIMATE.ORG column and the outputs as its fields, which read the card', async () => {
    await (await pane.button('Use selection')).click();
    await pane.waitForText('#score-selection', '(4 rows)');
    expect(await pane.page.locator('#score-layout').inputValue()).toBe('cards');
    // The card carries the provider and the profile link: the link column may be left out.
    expect(await (await pane.ax.get('checkbox', 'Profile')).state()).toMatchObject({
      checked: 'true',
      disabled: false,
    });
    await tick(pane.page, 'output-flag-sbti');
    await tick(pane.page, 'output-profile-industry-rank');
    await (await pane.button('Write formulas')).click();
    await pane.waitForText('#score-selection', 'Wrote 24 formulas into Suppliers!B:G.');

    const book = await pane.dump();
    expect(book.inserts).toEqual([{ row: 0, count: 1, direction: 'Down' }]);
    expect([1, 2, 3, 4, 5, 6].map((column) => cellAt(book, 1, column)?.value)).toEqual([
      'Organization',
      'Climate score',
      'Match',
      'SBTi',
      'Industry rank',
      'Profile',
    ]);
    expect([1, 2, 3, 4, 5, 6].map((column) => cellAt(book, 2, column)?.formula)).toEqual([
      '=CLIMATE.ORG($A3)',
      '=B3.Score',
      '=B3.Match',
      '=B3.SBTi',
      '=B3.[Industry rank]',
      '=HYPERLINK(B3.[Profile link],"Profile")',
    ]);
    // Every field names a property the card has: the values are the record's, never #FIELD!.
    names.forEach((name, i) => {
      const record = suite.sandbox.population.recordFor({ name })!;
      const row = i + 2;
      expect(cellAt(book, row, 1)?.value).toMatchObject({ type: 'Entity', text: record.matching_organization?.name });
      expect(cellAt(book, row, 2)?.value).toBe(excelRound(record.score! * 100, 1));
      expect(cellAt(book, row, 3)?.value).toBe(i < 3 ? 'exact' : 'check');
      expect(cellAt(book, row, 5)?.value).toBe(record.industry_rank ?? '#N/A');
      expect(cellAt(book, row, 6)?.value).toBe('Profile');
    });
    // The attribution line and logo above the headers, the review marks on the Match column (D).
    expect(cellAt(book, 0, 2)?.formula).toBe(SOURCE_LINE);
    expect(book.shapes.map(({ left, top }) => ({ left, top }))).toEqual([{ left: 65, top: 1 }]);
    expect(book.conditionalFormats).toEqual([
      {
        box: [2, 1, 4, 6],
        type: 'Custom',
        formula: '=AND(ISTEXT($D3),$D3<>"identifier",$D3<>"exact",$D3<>"accepted")',
        fill: '#FFF4CE',
      },
    ]);
    await pane.waitForText('#score-progress-text', '4 of 4 rows settled');
    expect(await pane.page.locator('#score-summary').innerText()).toMatch(/Scored\s+4/);
  }, 90_000);

  test('the match review reads the organizations from the cards; Refine rewrites the CLIMATE.ORG formula', async () => {
    await pane.page.locator('#section-review summary').click();
    await (await pane.button('Review scored block')).click();
    await pane.waitForText('#review-status', 'Suppliers!B3:G6: 1 of 4 rows to review.');
    expect(
      await pane.page.locator('#review-list > li[data-row]').evaluateAll((li) => li.map((e) => e.dataset.row)),
    ).toEqual(['6']);
    const near = suite.sandbox.population.nearNameCases()[0].organization;
    await (await pane.button(`Refine Row 6 (${names[3]})`)).click();
    await (await pane.ax.get('textbox', 'Website')).locator.fill(near.website);
    await (await pane.button('Apply')).click();
    await pane.waitForText('#review-status', 'Row 6: 1 formula refined.');
    const book = await pane.dump();
    expect(book.cells.filter((cell) => cell.row === 5 && cell.formula).map((cell) => cell.formula)).toEqual([
      `=CLIMATE.ORG($A6,"${near.website}")`,
      '=B6.Score',
      '=B6.Match',
      '=B6.SBTi',
      '=B6.[Industry rank]',
      '=HYPERLINK(B6.[Profile link],"Profile")',
    ]);
  }, 60_000);

  test('the summary reads the scores and flags of the card block', async () => {
    const formulas = await summaryFormulas(pane, 'Built "Climate summary" from 4 rows of Suppliers');
    expect(formulas).toContain(`=SUMPRODUCT(--ISNUMBER('Suppliers'!$C$3:$C$6))`);
    expect(formulas.some((formula) => formula.includes(`COUNTIFS('Suppliers'!$E$3:$E$6,TRUE()`))).toBe(true);
    expect(formulas).toContain(`=IF(AE2,IFERROR(CLIMATE.STATUS('Suppliers'!$A3),""),"")`);
  }, 60_000);

  test('the attribution check sees the card block under its line', async () => {
    await checkAttribution(
      pane,
      'Suppliers',
      'Every block of CLIMATE scores and flags on Suppliers shows the attribution (1 block).',
    );
  }, 60_000);
});

describe('card fields typed by hand, selected without their cards', () => {
  let pane: Pane;
  const row = (name: string, i: number): Array<string | null> => {
    const r = i + 2;
    return [name, `=CLIMATE.ORG(A${r})`, `=B${r}.score`, `=B${r}.cdp`, `=B${r}.Match`];
  };
  beforeAll(
    async () =>
      void (pane = await openPane(ENTITY_HOST, {
        name: 'Vendors',
        rows: [['Vendor', 'Card', 'Score', 'CDP', 'Match'], ...names.map(row)],
        selection: { rowIndex: 1, columnIndex: 2, rowCount: 4, columnCount: 3 },
      })),
    60_000,
  );
  afterAll(() => pane?.page.context().close());

  test('Review selection follows each field to its card for the organization', async () => {
    await pane.page.locator('#section-review summary').click();
    await (await pane.button('Review selection')).click();
    await pane.waitForText('#review-status', 'Vendors!C2:E5: 1 of 4 rows to review.');
  }, 60_000);

  test('Build summary recognises the score and flag columns and the names behind the cards', async () => {
    const formulas = await summaryFormulas(pane, 'Built "Climate summary" from 4 rows of Vendors (scores in column C');
    expect(formulas.some((formula) => formula.includes(`COUNTIFS('Vendors'!$D$2:$D$5,TRUE()`))).toBe(true);
    expect(formulas).toContain(`=IF(AE2,IFERROR(CLIMATE.STATUS('Vendors'!$A2),""),"")`);
  }, 60_000);

  test('Check attribution adds the line and logo beside the card block', async () => {
    await checkAttribution(
      pane,
      'Vendors',
      '1 block of CLIMATE scores and flags on Vendors: 1 without attribution, added to 1.',
    );
    const book = await pane.dump();
    expect(book.cells.filter((cell) => cell.formula === SOURCE_LINE)).toHaveLength(1);
  }, 60_000);
});

test('a host without entities writes the formula layout and offers no choice', async () => {
  const pane = await openPane(PLAIN_HOST, supplierSheet());
  await (await pane.button('Use selection')).click();
  await pane.waitForText('#score-selection', '(4 rows)');
  expect(await pane.page.locator('#score-layout-field').isHidden()).toBe(true);
  await (await pane.button('Write formulas')).click();
  await pane.waitForText('#score-selection', 'Wrote 12 formulas into Suppliers!B:D.');
  const book = await pane.dump();
  expect([1, 2, 3].map((column) => cellAt(book, 2, column)?.formula)).toEqual([
    '=CLIMATE.SCORE($A3)',
    '=CLIMATE.MATCH($A3)',
    '=HYPERLINK(CLIMATE.LINK($A3),"Profile")',
  ]);
  await pane.page.context().close();
}, 60_000);

test('an entity host may choose the formula layout; the profile link is then required again', async () => {
  const pane = await openPane(ENTITY_HOST, supplierSheet());
  await (await pane.button('Use selection')).click();
  await pane.waitForText('#score-selection', '(4 rows)');
  await pane.page.locator('#score-layout').selectOption('formulas');
  expect(await (await pane.ax.get('checkbox', 'Profile (always, with each score)')).state()).toMatchObject({
    checked: 'true',
    disabled: true,
  });
  await (await pane.button('Write formulas')).click();
  await pane.waitForText('#score-selection', 'Wrote 12 formulas into Suppliers!B:D.');
  const book = await pane.dump();
  expect(cellAt(book, 2, 1)?.formula).toBe('=CLIMATE.SCORE($A3)');
  expect(book.cells.some((cell) => cell.formula?.includes('CLIMATE.ORG'))).toBe(false);
  await pane.page.context().close();
}, 60_000);

test("the ribbon's Score selection writes the card layout too, and its attribution check finds it attributed", async () => {
  const pane = await openPane(ENTITY_HOST, {
    ...supplierSheet(),
    selection: { rowIndex: 0, columnIndex: 0, rowCount: 5, columnCount: 1 },
  });
  await pane.press('scoreSelection');
  await pane.waitForText('#score-selection', 'Wrote 16 formulas into Suppliers!B:E.');
  await pane.waitForText(
    '#attribution-status',
    'Every block of CLIMATE scores and flags on Suppliers shows the attribution (1 block).',
  );
  const book = await pane.dump();
  expect([1, 2, 3, 4].map((column) => cellAt(book, 2, column)?.formula)).toEqual([
    '=CLIMATE.ORG($A3)',
    '=B3.Score',
    '=B3.Match',
    '=HYPERLINK(B3.[Profile link],"Profile")',
  ]);
  await pane.page.context().close();
}, 60_000);
