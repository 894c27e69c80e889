/**
 * The built pane opened on a fake workbook: a new browser context at the pane's size, office.js from
 * the installed package, the page held still (./stillMotion.ts), the Excel.run shim on `sheet`, the
 * add-in's settings seeded into localStorage, and the page's accessibility tree once the pane says it
 * is ready.
 */
import type { Browser, Page } from 'playwright-core';
import { PLAIN_HOST } from '../../harness/hostProfiles';
import { AccessibilityTree } from './accessibility';
import { routeOfficeJs } from './chromium';
import { excelShimWriter, type ShimSheet, type WorkbookDump } from './excelShim';
import { stillMotion } from './stillMotion';

/** The pane's width in the task pane (CSS pixels): pages and screenshots are taken at it. */
export const PANE_WIDTH = 360;

export interface PanePage {
  page: Page;
  ax: AccessibilityTree;
  dump(): Promise<WorkbookDump>;
  /** Presses one of the add-in's ribbon commands (`scoreSelection`, `buildSummary`), as the host would. */
  press(command: string): Promise<void>;
}

/** A workbook of one header cell on a host without data types: for tests of the pane itself, not of a sheet. */
export function oneCellSheet(documentSettings: Record<string, unknown> = {}): ShimSheet {
  return {
    name: 'Suppliers',
    rows: [['Supplier']],
    selection: { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
    requirements: PLAIN_HOST.requirements,
    documentSettings,
  };
}

/** Makes `sheet` the active sheet with A1 selected, as clicking its tab and A1 does (the summary leaves its own active). */
export const activateSheet = (page: Page, sheet: string): Promise<void> =>
  page.evaluate(
    (name) =>
      (window as unknown as { __workbook: { select(box: object, sheet: string): void } }).__workbook.select(
        { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
        name,
      ),
    sheet,
  );

/** Opens a section of the pane (its <details>) without a click: for tests of what the section does. */
export const openSection = (pane: PanePage, id: string): Promise<void> =>
  pane.page.evaluate((section) => void ((document.getElementById(section) as HTMLDetailsElement).open = true), id);

export interface PaneOptions {
  /** The viewport's height (the pane's width is fixed). */
  height?: number;
  /** Runs on the new page before the pane loads: listeners and init scripts of the test's own. */
  prepare?: (page: Page) => Promise<void>;
}

export async function openPanePage(
  browser: Browser,
  siteUrl: string,
  sheet: ShimSheet,
  storage: Record<string, string>,
  { height = 900, prepare }: PaneOptions = {},
): Promise<PanePage> {
  const context = await browser.newContext({
    viewport: { width: PANE_WIDTH, height },
    deviceScaleFactor: 1,
    colorScheme: 'light',
  });
  await routeOfficeJs(context);
  const page = await context.newPage();
  await page.addInitScript(stillMotion);
  await page.addInitScript({ content: (await excelShimWriter())(sheet) });
  await page.addInitScript((items) => {
    // Init scripts run in every frame; only the pane's own document has its settings (the error page of
    // a frame its content rules block, office.js's telemetry, has no storage to read).
    if (window !== window.top) return;
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, storage);
  await prepare?.(page);
  await page.goto(`${siteUrl}/taskpane.html`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
  const ax = await AccessibilityTree.attach(page);
  return {
    page,
    ax,
    dump: () => page.evaluate(() => (window as unknown as { __workbook: { dump(): WorkbookDump } }).__workbook.dump()),
    press: (command) =>
      page.evaluate(
        (name) => (window as unknown as { __workbook: { press(name: string): void } }).__workbook.press(name),
        command,
      ),
  };
}
