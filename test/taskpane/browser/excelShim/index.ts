/**
 * The pane's fake Excel as the tests use it: the script that installs it in a page (page.ts, bundled
 * with what it imports) over a test's sheet, and the types a test gives and reads back.
 */
import path from 'path';
import { bundleForPage } from '../../../browsers/pageBundle';
import type { ShimWindow } from './page';
import type { ShimSheet } from './types';

export type { ShimSheet, SheetDump, WorkbookDump } from './types';

/** What page.ts leaves on the window, named by its type so the two cannot drift apart. */
const INSTALL: keyof ShimWindow = 'installExcelShim';

/**
 * A writer of the script that installs the fake Excel over a sheet in a page, before the page's own
 * scripts run. The bundle is built once (test/browsers/pageBundle.ts); a page gets it with its sheet
 * in one script.
 */
export async function excelShimWriter(): Promise<(sheet: ShimSheet) => string> {
  const bundle = await bundleForPage(path.join(__dirname, 'page.ts'));
  return (sheet) => `${bundle}\n;window.${INSTALL}(${JSON.stringify(sheet)});`;
}
