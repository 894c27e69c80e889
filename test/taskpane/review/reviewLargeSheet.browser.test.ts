/**
 * The match review of a large block in real Chromium: 5,000 rows of hand-typed SCORE and MATCH
 * formulas (the built pane, the sandbox over HTTP, the Excel.run shim) are read in ten Excel.run
 * slices of 500 rows, handing the page a turn between them, and listed a page at a time.
 */
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { PLAIN_HOST } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import type { ShimSheet } from '../browser/excelShim';
import { openPanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';

const suite = paneSuite({ organizations: 1200, profilingSeconds: 3600 });

test('5,000 rows of hand-typed formulas: read 500 rows per Excel.run, listed a page at a time, no long freeze', async () => {
  const owners = suite.sandbox.population.organizations.filter((o) => o.parentId === null && o.profile !== null);
  const near = suite.sandbox.population.nearNameCases().map((c) => c.name);
  const names = Array.from({ length: 5000 }, (_, i) =>
    i % 50 === 49 ? near[i % near.length] : owners[i % owners.length].name,
  );
  const sheet: ShimSheet = {
    name: 'Suppliers',
    rows: [
      ['Supplier', 'Score', 'Match'],
      ...names.map((name, i) => [name, `=CLIMATE.SCORE(A${i + 2})`, `=CLIMATE.MATCH(A${i + 2})`]),
    ],
    selection: { rowIndex: 1, columnIndex: 1, rowCount: 5000, columnCount: 2 },
    requirements: PLAIN_HOST.requirements,
  };
  const big = await openPanePage(
    suite.browser,
    suite.site.url,
    sheet,
    await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY }),
  );
  const longTasks = await big.page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = seen;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => seen.push(entry.duration))).observe({
      type: 'longtask',
    });
    // Count the Excel.run batches the review makes.
    const excel = (window as unknown as { Excel: { run: (batch: unknown) => Promise<unknown> } }).Excel;
    const run = excel.run;
    (window as unknown as { __runs: number }).__runs = 0;
    excel.run = (batch) => {
      (window as unknown as { __runs: number }).__runs++;
      return run(batch);
    };
    return seen;
  });
  expect(longTasks).toEqual([]);
  await big.page.locator('#section-review summary').click();
  /**
   * Turns the page got while a review ran: a timer that re-arms itself counts the tasks it could run
   * between the review's own, until the review's last status line. A review that never yields gets none.
   */
  const review = async (): Promise<{ seconds: number; runs: number; tasks: number[]; turns: number }> => {
    await big.page.evaluate(() => {
      const page = window as unknown as { __runs: number; __longTasks: number[]; __turns: number; __done: boolean };
      page.__runs = 0;
      page.__longTasks.length = 0;
      page.__turns = 0;
      page.__done = false;
      let started = false;
      const beat = () => {
        if (page.__done) return;
        if (started) page.__turns++;
        setTimeout(beat, 0);
      };
      // Counted from the first slice's status line ("Reviewing …") to the last ("… rows to review").
      const status = document.querySelector('#review-status')!;
      new MutationObserver((_changes, observer) => {
        if (status.textContent?.includes('Reviewing')) started = true;
        if (!status.textContent?.includes('rows to review')) return;
        page.__done = true;
        observer.disconnect();
      }).observe(status, { childList: true, subtree: true, characterData: true });
      setTimeout(beat, 0);
    });
    const started = Date.now();
    await (await big.ax.get('button', 'Review selection')).locator.click();
    await big.page.locator('#review-status').filter({ hasText: 'rows to review' }).waitFor({ timeout: 120_000 });
    const seconds = (Date.now() - started) / 1000;
    await big.page.waitForTimeout(200); // long-task entries are delivered a moment after the task
    return {
      seconds,
      ...(await big.page.evaluate(() => ({
        runs: (window as unknown as { __runs: number }).__runs,
        tasks: [...(window as unknown as { __longTasks: number[] }).__longTasks],
        turns: (window as unknown as { __turns: number }).__turns,
      }))),
    };
  };
  const describe = (run: { seconds: number; tasks: number[]; turns: number }) =>
    `${run.seconds.toFixed(1)} s, ${run.tasks.length} long tasks, longest ${Math.max(0, ...run.tasks).toFixed(0)} ms, ` +
    `${run.turns} turns for the page`;
  // Cold: the engine fetches the ~1,200 organizations the cells never asked for (the shim does not calculate).
  const cold = await review();
  expect(await big.page.locator('#review-status').innerText()).toContain(
    'Suppliers!B2:C5001: 100 of 5,000 rows to review.',
  );
  expect(await big.page.locator('#review-list > li[data-row]').count()).toBe(20);
  expect(cold.runs).toBe(11); // the selection, then ten slices of 500 rows
  // Warm, as after Score a column: the records are the engine's, the review's own work is what is left.
  const warm = await review();
  expect(warm.runs).toBe(11);
  console.log(`5,000-row review: cold ${describe(cold)}; warm ${describe(warm)}`);
  // Every slice hands the page a turn even when nothing waits on the network (ten slices; timers may merge).
  expect(warm.turns).toBeGreaterThanOrEqual(5);
  // The longest task is reported above, not asserted: its length is the machine's load as much as the
  // review's. What load cannot blur is asserted: the page gets its turns between the slices.
  await big.page.context().close();
}, 180_000);
