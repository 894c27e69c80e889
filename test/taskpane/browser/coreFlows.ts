/**
 * The pane's core flows, written once and run in each engine Excel hosts a pane in (Chromium for
 * WebView2 and Edge, WebKit for the Mac, Firefox for Excel on the web): the built page loads without
 * an error and in one font stack, a key is saved and tested against the sandbox, a column is scored,
 * the match review and the summary open (its build writes a KPI history row and chart), Share a copy
 * writes its file, Refresh all reports what changed, 90 days on the SBTi changes name the sheet's suppliers
 * the sandbox changed, and a workbook opened without a key opens on the screen that says what its cells
 * need. One browser per engine file, one page, a few short steps; the depth (accessibility tree,
 * screenshots, every option) stays in the Chromium pane tests.
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../../tools/sandbox/server/server';
import type { WorldChange } from '../../../tools/sandbox/world/world';
import { PROVIDER } from '../../../src/provider';
import { seededSettings } from '../../harness/settingsSeed';
import { productionDist } from '../../build/dist';
import type { Engine } from '../../browsers/locate';
import { loadPane, openPaneIn } from './enginePane';
import { evaluate, waitUntil, type BrowserDriver, type PageDriver } from '../../browsers/pageDriver';
import { PANE_FONT_STACK } from '../../../src/taskpane/ui/styles';
import { readXlsx } from '../copy/xlsxReading';
import { driverReaders } from './driverReaders';
import { axeViolations, fontStacks, normalFamily, openEverySection } from './paneChecks';
import { CSP_CONSOLE_LINE, NOT_THE_PANES, servePane, type PaneSite } from './paneSite';

const SUPPLIERS = 4;
const NINETY_DAYS = 90 * 86_400;
const SANDBOX = { port: 0, quiet: true, organizations: 100, profilingSeconds: 3600 } as const;
type SbtiChange = Extract<WorldChange, { kind: 'sbti' }>;

/**
 * What 90 days will do to the SBTi entries of the sandbox's world, read from a twin (same seed and
 * size): the sheet names these suppliers before the days pass, as an analyst's does.
 */
async function foreseenSbti(): Promise<SbtiChange[]> {
  const twin = await startSandbox(SANDBOX);
  try {
    return twin.advanceClock(NINETY_DAYS).filter((change): change is SbtiChange => change.kind === 'sbti');
  } finally {
    await twin.close();
  }
}

export function coreFlows(engine: Engine): void {
  describe(`the pane's core flows in ${engine}`, () => {
    let sandbox: RunningSandbox;
    let site: PaneSite;
    let browser: BrowserDriver;
    let page: PageDriver;
    /** The sheet's suppliers whose SBTi entry the 90 days change (a commitment removed, targets set). */
    let sbtiChanged: SbtiChange[];

    const { textOf, waitForShown, dump } = driverReaders(() => page);
    const waitForText = (selector: string, expected: string, timeoutMs = 20_000): Promise<void> =>
      waitForShown(selector, expected, timeoutMs);
    const openSection = (id: string): Promise<void> => page.click(`#${id} > summary`);
    /** What went wrong in the page so far, as the page and the browser saw it (less what is not the pane's). */
    const pageErrors = async (): Promise<string[]> => {
      const inPage = await evaluate(page, () => (window as unknown as { __paneErrors: string[] }).__paneErrors);
      const reported = page.browserErrors().filter((line) => !CSP_CONSOLE_LINE.test(line));
      return [...inPage, ...reported].filter((line) => !NOT_THE_PANES.some((noise) => noise.test(line)));
    };

    beforeAll(async () => {
      sandbox = await startSandbox(SANDBOX);
      site = await servePane(productionDist());
      sbtiChanged = (await foreseenSbti()).slice(0, 2);
      expect(sbtiChanged.length).toBeGreaterThan(0);
      const others = sandbox.population.organizations.filter((org) => !sbtiChanged.some((c) => c.name === org.name));
      const suppliers = [...others.slice(0, SUPPLIERS - sbtiChanged.length), ...sbtiChanged].map((org) => org.name);
      const names = suppliers.map((name) => [name]);
      // A fresh install: no stored settings, the whole column A selected as when its header is clicked.
      site.stage({
        sheet: {
          name: 'Suppliers',
          rows: [['Supplier'], ...names],
          selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
          // Excel 2019's set: Share a copy opens a new workbook (Excel.createWorkbook); no data types.
          requirements: { SharedRuntime: '1.1', ExcelApi: '1.8' },
        },
        storage: {},
      });
      ({ browser, page } = await openPaneIn(engine, site.url));
    }, 120_000);

    afterAll(async () => {
      // Each closed whatever became of the others: nothing is left running into the next file.
      await Promise.allSettled([browser?.close(), site?.close(), sandbox?.close()]);
    });

    test('the built page loads without an error', async () => {
      expect(await pageErrors()).toEqual([]);
    });

    test('a key is saved and tested against the service', async () => {
      await page.type('#base-url', sandbox.url);
      await page.type('#api-key', SANDBOX_PROJECT_KEY);
      await page.click('#connection-save');
      await waitForText('#connection-status', 'Saved.');
      expect(await textOf('#connection-badge')).toContain('the sandbox');
      await page.click('#connection-test');
      await waitForText('#connection-status', 'the key works');
    });

    test('a column is scored: formulas written, every row settled', async () => {
      await page.click('#score-use-selection');
      await waitForText('#score-selection', `Names: Suppliers!A2:A${SUPPLIERS + 1} (${SUPPLIERS} rows).`);
      // With the SBTi flag: the summary's KPI (the share committed) is built from that column.
      await evaluate(page, () => {
        (document.getElementById('output-flag-sbti') as HTMLInputElement).checked = true;
      });
      await page.click('#score-run');
      await waitForText('#score-progress-text', `${SUPPLIERS} of ${SUPPLIERS} rows settled`, 30_000);
      // The run ends a moment after its last row (its summary then shows above the sections below).
      await waitUntil(
        page,
        () => !document.querySelector('#score-run[aria-busy="true"]'),
        [],
        'the scoring run ending',
      );
      const formulas = (await dump()).cells.filter((cell) => cell.formula?.startsWith('=CLIMATE.SCORE('));
      expect(formulas.map((cell) => cell.formula)).toEqual(
        Array.from({ length: SUPPLIERS }, (_, i) => `=CLIMATE.SCORE($A${i + 3})`),
      );
    });

    test('the match review and the summary open on the scored block', async () => {
      await openSection('section-review');
      await page.click('#review-scored');
      await waitForText('#review-status', `of ${SUPPLIERS} rows to review.`);
      await openSection('section-summary');
      await page.click('#summary-run');
      await waitForText('#summary-status', `Built "Climate summary" from ${SUPPLIERS} rows of Suppliers`);
      await waitForText('#summary-status', 'The KPI history has 1 day.');
      const book = await dump();
      expect(book.sheets.map((sheet) => sheet.name)).toEqual(['Suppliers', 'Climate summary']);
      // The history's first row (its date in column P, row 28 down) and the chart of it, one point a series.
      const summary = book.sheets[1];
      const dates = summary.cells.filter((cell) => cell.column === 15 && cell.row >= 27).map((cell) => cell.value);
      expect(dates).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
      const trend = summary.charts.find((chart) => chart.name === 'Climate summary: KPI history');
      // No spend column: the share by count alone, one point for the one day.
      expect(trend?.series.map((series) => [series.name, series.points])).toEqual([['Share by count', 1]]);
    });

    test('Share a copy opens a new workbook of the scored sheet, with no formula that needs the add-in', async () => {
      await openSection('section-copy');
      await page.click('#copy-run');
      await waitForText('#copy-status', 'The copy opened as a new workbook: Suppliers', 30_000);
      const [file] = (await dump()).createdWorkbooks;
      const book = readXlsx(Buffer.from(file, 'base64'));
      // The summary has CLIMATE cells too (its helper columns' statuses): it is copied with the block.
      expect(book.sheets.map((sheet) => sheet.name)).toEqual(['About this copy', 'Suppliers', 'Climate summary']);
      const formulas = book.sheets.flatMap((sheet) => sheet.cells.map((cell) => cell.formula ?? ''));
      expect(formulas.filter((formula) => /CLIMATE\.|_xldudf_/i.test(formula))).toEqual([]);
      expect(formulas.filter((formula) => formula.includes('"Climate data by DitchCarbon"'))).toHaveLength(3);
    });

    test('Refresh all compares the rows before and after and says what changed', async () => {
      await openSection('section-activity');
      expect(await evaluate(page, () => document.querySelector<HTMLInputElement>('#changes-threshold')?.value)).toBe(
        '5',
      );
      expect(await evaluate(page, () => document.querySelector<HTMLSelectElement>('#changes-mode')?.value)).toBe('add');
      await page.click('#refresh-all');
      // The service's records did not change in between: nothing to list, every row compared.
      await waitForText('#changes-status', `Nothing changed in the ${SUPPLIERS} organizations compared.`, 30_000);
      expect(await textOf('#activity-status')).toContain('Refreshed');
    });

    test('every section open: one font stack throughout, no accessibility violation axe can find, still no error', async () => {
      await openEverySection(page);
      await waitForText('#reference-status', 'Organizations, page 1'); // opening the section loads its first page
      // Every text and field, inside the components' shadow roots too, in the pane's one stack.
      const fonts = await fontStacks(page);
      expect(fonts.theme).toBe(normalFamily(PANE_FONT_STACK));
      expect(fonts.others).toEqual([]);
      expect(fonts.checked).toBeGreaterThan(100);
      expect(await axeViolations(page)).toEqual([]);
      expect(await pageErrors()).toEqual([]);
    });

    test('90 days on, the SBTi changes name the sheet’s suppliers whose entry changed, and only them', async () => {
      sandbox.advanceClock(NINETY_DAYS);
      // Back on the suppliers' sheet (the summary left its own active), the section open since the step before.
      await evaluate(page, () =>
        (window as unknown as { __workbook: { select(box: object, sheet: string): void } }).__workbook.select(
          { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
          'Suppliers',
        ),
      );
      await page.click('#sbti-changes-load');
      await waitForText('#reference-status', `of this sheet's ${SUPPLIERS} suppliers`, 30_000);
      const headlines = await evaluate(page, () =>
        [...document.querySelectorAll<HTMLElement>('#sbti-changes > li')].map((li) => li.innerText.split('\n')[0]),
      );
      expect(headlines.sort()).toEqual(sbtiChanged.map((change) => `${change.name}: ${change.after}`).sort());
    });

    test('a workbook opened without a key: the first screen says what its cells need and its three ways out', async () => {
      // Someone else's computer: nothing saved, a service that is not the sandbox's default (no demo key).
      await evaluate(page, () => localStorage.clear());
      site.stage({
        sheet: {
          name: 'Q3 suppliers',
          rows: [
            ['Supplier', 'Score', 'SBTi'],
            ['Acme Steel', '=CLIMATE.SCORE(A2)', '=CLIMATE.FLAG(A2,"sbti")'],
          ],
          selection: { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
          requirements: { SharedRuntime: '1.1', ExcelApi: '1.8' },
        },
        storage: await seededSettings({ baseUrl: sandbox.url }),
      });
      await loadPane(page, site.url);
      await waitForText('#welcome-title', 'This workbook’s climate cells need an API key');
      const before = await dump();
      expect(await textOf('#welcome-needs-key')).toMatch(
        /^2 CLIMATE cells in this workbook get their values from DitchCarbon with an API key, and none is saved/,
      );
      const shown = (selector: string) =>
        evaluate(page, (css: string) => (document.querySelector(css)?.getClientRects().length ?? 0) > 0, selector);
      // The ways out: a key, the provider's site for one, or a copy from whoever sent the workbook.
      expect([await shown('#welcome-key'), await shown('#welcome-get-key'), await shown('#welcome-ask-copy')]).toEqual([
        true,
        true,
        true,
      ]);
      expect([(await textOf('#welcome-key')).trim(), (await textOf('#welcome-get-key')).trim()]).toEqual([
        'Enter a key',
        'Get a key',
      ]);
      expect(await evaluate(page, () => document.querySelector('#welcome-get-key')?.getAttribute('href'))).toBe(
        PROVIDER.site,
      );
      expect(await textOf('#welcome-ask-copy')).toContain('Share a copy');
      expect(await shown('#welcome-try')).toBe(false);
      await page.click('#welcome-key');
      expect(await evaluate(page, () => document.activeElement?.id)).toBe('api-key');
      // It only read the workbook.
      const after = await dump();
      expect(after.sheets).toEqual(before.sheets);
      expect([after.calculations, after.documentSettingsSaves]).toEqual([[], 0]);
      expect(await pageErrors()).toEqual([]);
    });
  });
}
