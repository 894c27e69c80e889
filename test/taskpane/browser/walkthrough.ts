/**
 * The pane as an analyst first meets it, for the walk-through tests (pane*.browser.test.ts): the sandbox
 * (500 organizations, profiles that stay pending), the BUILT pane in Chromium at the task pane's size,
 * outside Office, on a sheet of suppliers (three the sandbox knows, a blank row, two it does not, a bad
 * LEI) with the whole column A selected; its console and CSP violations watched from the first load.
 * The fields are set once the file's first beforeAll has run; screenshots go to screenshotFolder().
 */
import type { Page } from 'playwright-core';
import type { RunningSandbox } from '../../../tools/sandbox/server/server';
import { screenshotFolder } from '../../browsers/screenshots';
import type { AccessibilityTree } from './accessibility';
import type { ShimSheet } from './excelShim';
import { openPanePage, type PanePage } from './panePage';
import { PANE_HEIGHT, paneReaders, type PaneReaders } from './paneReaders';
import { paneSuite } from './paneSuite';
import { watchPage, type PageWatch } from './pageWatch';

export interface Walkthrough extends PaneReaders {
  sandbox: RunningSandbox;
  page: Page;
  ax: AccessibilityTree;
  watch: PageWatch;
}

/** `storage`: the settings the page starts with (none: a fresh install). */
export function paneWalkthrough(
  storage: (sandboxUrl: string) => Promise<Record<string, string>> = async () => ({}),
): Walkthrough {
  const suite = paneSuite({ organizations: 500, profilingSeconds: 3600 });
  let opened: PanePage;
  const walk = paneReaders(() => opened, screenshotFolder()) as Walkthrough;
  beforeAll(async () => {
    const known = suite.sandbox.population.organizations.slice(0, 3);
    const sheet: ShimSheet = {
      name: 'Suppliers',
      rows: [
        ['Supplier', 'Website', 'Country', 'Spend'],
        ...known.map((org, i) => [org.name, org.website ?? '', org.hqRegion ?? '', 1000 * (i + 1)]),
        ['', '', '', 0],
        ['Quillfeather Nonexistent Holdings', '', 'NO', 50],
        ['lei:12345', '', '', 10],
        ['Brackenridge Unknown Textiles', '', '', 5],
      ],
      // The whole column A, as when the analyst clicks its header.
      selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
    };
    opened = await openPanePage(suite.browser, suite.site.url, sheet, await storage(suite.sandbox.url), {
      height: PANE_HEIGHT,
      prepare: async (page) => void (walk.watch = await watchPage(page)),
    });
    Object.assign(walk, { page: opened.page, ax: opened.ax, sandbox: suite.sandbox });
  }, 120_000);
  return walk;
}

/**
 * Where each secret shows: the workbook (cells, images, document settings), the console, the page's
 * text. A test expects every one to be nowhere.
 */
export async function whereSecretsShow(
  walk: Walkthrough,
  secrets: string[],
): Promise<Array<{ secret: string; inWorkbook: boolean; inConsole: boolean; inPage: boolean }>> {
  const carried = JSON.stringify(await walk.dump());
  const pageText = await walk.page.evaluate(() => document.body.innerText);
  const logs = walk.watch.consoleLines.join('\n');
  return secrets.map((secret) => ({
    secret,
    inWorkbook: carried.includes(secret),
    inConsole: logs.includes(secret),
    inPage: pageText.includes(secret),
  }));
}
