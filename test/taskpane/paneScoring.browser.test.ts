/**
 * The task pane in real Chromium scoring a column (the set-up of pane.browser.test.ts, connected to the
 * sandbox with its project key): Score a column writes formulas, headers, the attribution and the
 * review marks, and shows progress until every row settled; on a host that takes images the logo goes
 * above the columns and a second run is answered from the cache; Refresh asks again for all cells or
 * the selected rows' organizations. The key reaches neither the workbook, the console nor the page.
 */
import type { Page } from 'playwright-core';
import { SANDBOX_PROJECT_KEY, type RunningSandbox } from '../../src/sandbox/server';
import { seededSettings } from '../harness/settingsSeed';
import type { AccessibilityTree } from './browser/accessibility';
import type { WorkbookDump } from './browser/excelShim';
import type { PageWatch } from './browser/pageWatch';
import { waitForText } from './browser/waitForText';
import { paneWalkthrough } from './browser/walkthrough';
import { screenshotFolder } from '../browsers/screenshots';

const SCREENSHOTS = screenshotFolder();

const walk = paneWalkthrough(SCREENSHOTS, (baseUrl) => seededSettings({ baseUrl, apiKey: SANDBOX_PROJECT_KEY }));
const { dump, text, button, openOnly, shot, counters } = walk;
let page: Page;
let ax: AccessibilityTree;
let sandbox: RunningSandbox;
let watch: PageWatch;
beforeAll(() => {
  ({ page, ax, watch } = walk);
  sandbox = walk.suite.sandbox;
});

describe('task pane in Chromium: scoring a column', () => {
  test('score a column: formulas, headers and attribution written; progress until every row settled; counters move', async () => {
    await openOnly('section-score');
    const requestsBefore = sandbox.stats().requests;
    await (await button('Use selection')).click();
    await waitForText(page, '#score-selection', 'Names: Suppliers!A2:A8 (7 rows).');
    expect((await (await ax.get('checkbox', 'First selected row is a header')).state()).checked).toBe('true');
    expect(await page.getByLabel('Website column (optional)').inputValue()).toBe('1');
    expect(await page.getByLabel('Country column (optional)').inputValue()).toBe('2');
    await page.getByText('Initiative flags').click();
    await (await ax.get('checkbox', 'SBTi')).locator.click();
    const re100 = await ax.get('checkbox', 'RE100');
    await re100.locator.press('Space');
    expect((await re100.state()).checked).toBe('true');
    expect(await text('#score-flag-count')).toBe('2');
    await page.getByText('Ranks and percentile').click();
    await (await ax.get('checkbox', 'Industry rank')).locator.click();
    // The profile link goes with every score on hosts without data types: shown, ticked, not untickable.
    expect(await (await ax.get('checkbox', 'Profile (always, with each score)')).state()).toMatchObject({
      checked: 'true',
      disabled: true,
    });
    expect(await ax.unnamed()).toEqual([]);
    await (await button('Write formulas')).click();
    await page.locator('#score-summary').waitFor({ state: 'visible', timeout: 30_000 });

    const book = await dump();
    // The header was in row 1: one row is inserted above for the attribution; names move to A3:A9.
    expect(book.inserts).toEqual([{ row: 0, count: 1, direction: 'Down' }]);
    const at = (row: number, column: number) => book.cells.find((cell) => cell.row === row && cell.column === column);
    expect([4, 5, 6, 7, 8, 9].map((column) => at(1, column)?.value)).toEqual([
      'Climate score',
      'Match',
      'SBTi',
      'RE100',
      'Industry rank',
      'Profile',
    ]);
    expect(at(1, 4)?.bold).toBe(true);
    expect([4, 5, 6, 7, 8, 9].map((column) => at(2, column)?.formula)).toEqual([
      '=CLIMATE.SCORE($A3,$B3,$C3)',
      '=CLIMATE.MATCH($A3,$B3,$C3)',
      '=CLIMATE.FLAG($A3,"sbti",$B3,$C3)',
      '=CLIMATE.FLAG($A3,"re100",$B3,$C3)',
      '=CLIMATE.PROFILE($A3,"industry_rank",$B3,$C3)',
      '=HYPERLINK(CLIMATE.LINK($A3,$B3,$C3),"Profile")',
    ]);
    expect(at(5, 4)).toBeUndefined(); // the blank supplier row stays empty
    expect(at(8, 4)?.formula).toBe('=CLIMATE.SCORE($A9,$B9,$C9)');
    // Outside Office there is no requirement set to say data types or images exist: source line only.
    expect(at(0, 4)?.formula).toBe('=HYPERLINK("https://ditchcarbon.com","Climate data by DitchCarbon")');
    expect(book.shapes).toEqual([]);
    expect(book.cells.filter((cell) => cell.column >= 4).length).toBe(1 + 6 + 6 * 6);
    // The rows to review are marked on the written block (data rows 3-9, columns E:J) by their Match cell.
    expect(book.conditionalFormats).toEqual([
      {
        box: [2, 4, 7, 6],
        type: 'Custom',
        formula: '=AND(ISTEXT($F3),$F3<>"identifier",$F3<>"exact",$F3<>"accepted")',
        fill: '#FFF4CE',
      },
    ]);

    expect(await text('#score-progress-text')).toBe('6 of 6 rows settled');
    expect(await (await ax.get('progressbar', 'Scoring progress')).state()).toMatchObject({ value: '6', valueMax: 6 });
    const summary = await page.locator('#score-summary').innerText();
    expect(summary.replace(/\s+/g, ' ')).toBe('Scored 3 Still profiling 2 Not found 0 Errors 1');
    expect(sandbox.stats().requests).toBeGreaterThan(requestsBefore);

    await openOnly('section-activity');
    await page.waitForFunction(() => Number(document.querySelector('#activity-counters dd')?.textContent) > 0);
    const counted = await counters();
    expect(counted.Requests).toBeGreaterThan(0);
    expect(counted.Batches).toBeGreaterThan(0);
    expect(counted['Cell calls']).toBeGreaterThanOrEqual(5);
    expect(await text('#activity-pending')).toContain('Quillfeather Nonexistent Holdings');
    expect(await text('#activity-pending')).toContain('Brackenridge Unknown Textiles');
    await openOnly('section-score');
    await shot('score-a-column');
  });

  test('with an image-capable host the logo goes above the columns; a second run is answered from the cache', async () => {
    await page.evaluate(() => {
      const office = (window as unknown as { Office: { context: Record<string, unknown> } }).Office;
      office.context.requirements = { isSetSupported: (name: string) => name === 'ExcelApi' };
    });
    const hitsBefore = (await counters())['Cache hits'];
    const registrationsBefore = sandbox.stats().registrations;
    await (await button('Write formulas')).click();
    // The status still reads "Wrote" from the first run: the second run's last write (its review format) says it is done.
    await page.waitForFunction(
      () =>
        (window as unknown as { __workbook: { dump(): WorkbookDump } }).__workbook.dump().conditionalFormats.length ===
        2,
    );
    await waitForText(page, '#score-progress-text', '6 of 6 rows settled');
    const book = await dump();
    expect(book.inserts).toHaveLength(1); // the names are below a free row now: nothing inserted
    expect(book.shapes).toEqual([
      {
        name: 'DitchCarbon logo',
        altTextDescription: 'Climate data by DitchCarbon (logo)',
        base64Length: expect.any(Number),
        left: 10 * 64 + 1,
        top: 1,
        height: 18,
        lockAspectRatio: true,
      },
    ]);
    expect(book.shapes[0].base64Length).toBeGreaterThan(100);
    const at = (row: number, column: number) => book.cells.find((cell) => cell.row === row && cell.column === column);
    expect(at(0, 11)?.formula).toContain('Climate data by DitchCarbon');
    expect(at(1, 10)?.value).toBe('Climate score');
    // The 3 scored organizations came from the cache; nothing was registered again.
    await page.waitForFunction(
      (hits) => {
        const label = [...document.querySelectorAll('#activity-counters dt')].find(
          (dt) => dt.textContent === 'Cache hits',
        );
        return Number(label?.nextElementSibling?.textContent) >= hits;
      },
      hitsBefore + 3,
      { timeout: 10_000 },
    );
    expect(sandbox.stats().registrations).toBe(registrationsBefore);
  });

  test('refresh: all, and the organizations of the selected rows only', async () => {
    await openOnly('section-activity');
    const before = (await dump()).calculations.length;
    await (await button('Refresh all')).click();
    await waitForText(page, '#activity-status', 'every CLIMATE cell is asking the service again');
    expect((await dump()).calculations.slice(before)).toContainEqual({ scope: 'workbook', type: 'Full' });

    // Rows 3 and 4 (the first two suppliers), any cells of them.
    await page.evaluate(() =>
      (window as unknown as { __workbook: { select(box: object): void } }).__workbook.select({
        rowIndex: 2,
        columnIndex: 1,
        rowCount: 2,
        columnCount: 1,
      }),
    );
    await (await button('Refresh selected rows')).click();
    await waitForText(page, '#activity-status', 'Refreshed 2 organizations in rows 3–4.');
    const last = (await dump()).calculations.at(-1);
    expect(last).toEqual({ scope: 'range', box: [2, 0, 2, 16] });
    await shot('activity');
  });

  test('the keys are nowhere the workbook carries, nor in the console or the page text', async () => {
    const book = await dump();
    const carried = JSON.stringify(book);
    const pageText = await page.evaluate(() => document.body.innerText);
    const logs = watch.consoleLines.join('\n');
    for (const secret of [SANDBOX_PROJECT_KEY]) {
      expect({
        secret,
        inWorkbook: carried.includes(secret),
        inConsole: logs.includes(secret),
        inPage: pageText.includes(secret),
      }).toEqual({
        secret,
        inWorkbook: false,
        inConsole: false,
        inPage: false,
      });
    }
    expect(await watch.violations()).toEqual([]);
  });
});
