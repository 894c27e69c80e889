/**
 * The task pane in real Chromium scoring a column (the set-up of pane.browser.test.ts, connected to the
 * sandbox with its project key): Score a column writes formulas, headers, the attribution and the
 * review marks, and shows progress until every row settled; scoring the column again finds its header
 * under the source line and writes only what the block lacks, answered from the cache; Refresh asks again for all cells or
 * the selected rows' organizations. The key reaches neither the workbook, the console nor the page.
 */
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { seededSettings } from '../../harness/settingsSeed';
import { waitForText } from '../browser/waitForText';
import { paneWalkthrough, whereSecretsShow } from '../browser/walkthrough';

const pane = paneWalkthrough((baseUrl) => seededSettings({ baseUrl, apiKey: SANDBOX_PROJECT_KEY }));
const { dump, text, button, openOnly, shot, counters } = pane;

describe('task pane in Chromium: scoring a column', () => {
  test('score a column: formulas, headers and attribution written; progress until every row settled; counters move', async () => {
    await openOnly('section-score');
    const requestsBefore = pane.sandbox.stats().requests;
    await (await button('Use selection')).click();
    await waitForText(pane.page, '#score-selection', 'Names: Suppliers!A2:A8 (7 rows).');
    expect((await (await pane.ax.get('checkbox', 'First selected row is a header')).state()).checked).toBe('true');
    expect(await pane.page.getByLabel('Website column (optional)').inputValue()).toBe('1');
    expect(await pane.page.getByLabel('Country column (optional)').inputValue()).toBe('2');
    await pane.page.locator('#section-score').getByText('Initiative flags').click();
    await (await pane.ax.get('checkbox', 'SBTi')).locator.click();
    const re100 = await pane.ax.get('checkbox', 'RE100');
    await re100.locator.press('Space');
    expect((await re100.state()).checked).toBe('true');
    expect(await text('#score-flag-count')).toBe('2');
    await pane.page.getByText('Ranks and percentile').click();
    await (await pane.ax.get('checkbox', 'Industry rank')).locator.click();
    // The profile link goes with every score on hosts without data types: shown, ticked, not untickable.
    expect(await (await pane.ax.get('checkbox', 'Profile (always, with each score)')).state()).toMatchObject({
      checked: 'true',
      disabled: true,
    });
    expect(await pane.ax.unnamed()).toEqual([]);
    await (await button('Write formulas')).click();
    await pane.page.locator('#score-summary').waitFor({ state: 'visible', timeout: 30_000 });

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
    expect(await (await pane.ax.get('progressbar', 'Scoring progress')).state()).toMatchObject({
      value: '6',
      valueMax: 6,
    });
    const summary = await pane.page.locator('#score-summary').innerText();
    expect(summary.replace(/\s+/g, ' ')).toBe('Scored 3 Still profiling 2 Not found (no value) 0 Errors 1');
    expect(pane.sandbox.stats().requests).toBeGreaterThan(requestsBefore);

    await openOnly('section-activity');
    await pane.page.waitForFunction(() => Number(document.querySelector('#activity-counters dd')?.textContent) > 0);
    const counted = await counters();
    expect(counted.Requests).toBeGreaterThan(0);
    expect(counted.Batches).toBeGreaterThan(0);
    expect(counted['Cell calls']).toBeGreaterThanOrEqual(5);
    expect(await text('#activity-pending')).toContain('Quillfeather Nonexistent Holdings');
    expect(await text('#activity-pending')).toContain('Brackenridge Unknown Textiles');
    await openOnly('section-score');
    await shot('score-a-column');
  });

  test('scoring the column again: the header found under the source line, only a new output written, from the cache', async () => {
    await pane.page.evaluate(() => {
      const office = (window as unknown as { Office: { context: Record<string, unknown> } }).Office;
      office.context.requirements = { isSetSupported: (name: string) => name === 'ExcelApi' };
    });
    const before = await dump();
    const hitsBefore = (await counters())['Cache hits'];
    const registrationsBefore = pane.sandbox.stats().registrations;
    // Column A selected again: the used range now starts at the source line above the header.
    await (await button('Use selection')).click();
    await waitForText(pane.page, '#score-selection', 'Names: Suppliers!A3:A9 (7 rows).');
    expect((await (await pane.ax.get('checkbox', 'First selected row is a header')).state()).checked).toBe('true');
    expect(await pane.page.getByLabel('Website column (optional)').inputValue()).toBe('1');
    expect(await pane.page.getByLabel('Country column (optional)').inputValue()).toBe('2');
    expect(await pane.page.getByLabel('Spend column (optional)').inputValue()).toBe('3');

    // The same outputs: the block has them all, nothing is written.
    await (await button('Write formulas')).click();
    await waitForText(pane.page, '#score-selection', 'Suppliers!E:J already show these outputs: nothing written.');
    await waitForText(pane.page, '#score-progress-text', '6 of 6 rows settled');
    expect(await dump()).toEqual(before);

    // One more output: its column beside the block, under the same line; no row, line, logo or mark added.
    await (await pane.ax.get('checkbox', 'Region rank')).locator.click(); // its group is open since the first run
    await (await button('Write formulas')).click();
    await waitForText(pane.page, '#score-selection', 'Wrote 6 formulas into Suppliers!E:K.');
    await waitForText(pane.page, '#score-progress-text', '6 of 6 rows settled');
    const book = await dump();
    expect(book.inserts).toEqual(before.inserts);
    expect(book.shapes).toEqual([]);
    expect(book.conditionalFormats).toEqual(before.conditionalFormats);
    const at = (row: number, column: number) => book.cells.find((cell) => cell.row === row && cell.column === column);
    expect(at(1, 10)?.value).toBe('Region rank');
    expect(at(2, 10)?.formula).toBe('=CLIMATE.PROFILE($A3,"region_rank",$B3,$C3)');
    expect(at(1, 0)?.value).toBe('Supplier'); // the header row got no formulas
    expect(book.cells.filter((cell) => cell.formula?.includes('DitchCarbon'))).toHaveLength(1);
    expect(
      book.cells.filter((cell) => !before.cells.some((old) => old.row === cell.row && old.column === cell.column)),
    ).toHaveLength(1 + 6);
    // The scored organizations came from the cache; nothing was registered again.
    await pane.page.waitForFunction(
      (hits) => {
        const label = [...document.querySelectorAll('#activity-counters dt')].find(
          (dt) => dt.textContent === 'Cache hits',
        );
        return Number(label?.nextElementSibling?.textContent) >= hits;
      },
      hitsBefore + 3,
      { timeout: 10_000 },
    );
    expect(pane.sandbox.stats().registrations).toBe(registrationsBefore);
  });

  test('refresh: all, and the organizations of the selected rows only', async () => {
    await openOnly('section-activity');
    const before = (await dump()).calculations.length;
    await (await button('Refresh all')).click();
    // Asked again first (the two profiles still being built followed as they were, their polls going
    // on beside: how many requests that took is not fixed), then the CLIMATE cells recalculated from the cache.
    await waitForText(pane.page, '#activity-status', 'Refreshed ');
    expect(await text('#activity-status')).toMatch(
      /^Refreshed 5 organizations in \d+ requests?\. 2 are still being profiled: their cells update themselves\.$/,
    );
    // every CLIMATE cell recalculated, as ranges; no full calculation of the workbook
    const calculated = (await dump()).calculations.slice(before);
    expect(calculated.filter((calculation) => calculation.scope === 'workbook')).toEqual([]);
    expect(calculated.length).toBeGreaterThan(0);

    // Rows 3 and 4 (the first two suppliers), any cells of them.
    await pane.page.evaluate(() =>
      (window as unknown as { __workbook: { select(box: object): void } }).__workbook.select({
        rowIndex: 2,
        columnIndex: 1,
        rowCount: 2,
        columnCount: 1,
      }),
    );
    await (await button('Refresh selected rows')).click();
    await waitForText(pane.page, '#activity-status', 'Refreshed 2 organizations in rows 3–4 in ');
    expect(await text('#activity-status')).toMatch(/^Refreshed 2 organizations in rows 3–4 in \d+ requests?\./);
    const last = (await dump()).calculations.at(-1);
    expect(last).toEqual({ scope: 'range', box: [2, 0, 2, 11] });
    await shot('activity');
  });

  test('the keys are nowhere the workbook carries, nor in the console or the page text', async () => {
    const secrets = [SANDBOX_PROJECT_KEY];
    expect(await whereSecretsShow(pane, secrets)).toEqual(
      secrets.map((secret) => ({ secret, inWorkbook: false, inConsole: false, inPage: false })),
    );
    expect(await pane.watch.violations()).toEqual([]);
  });
});
