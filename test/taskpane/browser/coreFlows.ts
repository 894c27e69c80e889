/**
 * The pane's core flows, written once and run in each engine Excel hosts a pane in (Chromium for
 * WebView2 and Edge, WebKit for the Mac, Firefox for Excel on the web): the built page loads without
 * an error and in one font stack, a key is saved and tested against the sandbox, a column is scored,
 * the match review and the summary open (its build writes a KPI history row and chart), Share a copy
 * writes its file, Refresh all reports what changed. One browser per engine file, one page, a few short steps;
 * the depth (accessibility tree, screenshots, every option) stays in the Chromium pane tests.
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../../tools/sandbox/server/server';
import { productionDist } from '../../build/dist';
import type { Engine } from '../../browsers/locate';
import { launchEngine } from '../../browsers/launch';
import { evaluate, waitUntil, type BrowserDriver, type PageDriver } from '../../browsers/pageDriver';
import { PANE_FONT_STACK } from '../../../src/taskpane/ui/styles';
import { readXlsx } from '../copy/xlsxReading';
import { driverReaders } from './driverReaders';
import { axeViolations, fontStacks, normalFamily, openEverySection } from './paneChecks';
import { CSP_CONSOLE_LINE, NOT_THE_PANES, servePane, type PaneSite } from './paneSite';

const SUPPLIERS = 4;

export function coreFlows(engine: Engine): void {
  describe(`the pane's core flows in ${engine}`, () => {
    let sandbox: RunningSandbox;
    let site: PaneSite;
    let browser: BrowserDriver;
    let page: PageDriver;

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
      sandbox = await startSandbox({ port: 0, quiet: true, organizations: 100, profilingSeconds: 3600 });
      site = await servePane(productionDist());
      const names = sandbox.population.organizations.slice(0, SUPPLIERS).map((org) => [org.name]);
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
      browser = await launchEngine(engine);
      page = await browser.newPage({ width: 360, height: 900 });
      await page.goto(`${site.url}/taskpane.html`);
      await waitUntil(page, () => document.body.dataset.ready === 'true', [], 'the pane saying it is ready');
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
  });
}
