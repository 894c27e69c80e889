/**
 * The workbook harness: the built functions bundle calculated the way Excel calculates it, in Node
 * or in real Chromium, behind one session API. For tests and the benchmark:
 *
 *   const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
 *   const session = await openNodeWorkbook({ storage });          // or openChromiumWorkbook
 *   const cells = await session.calculate({ inputs: [['Acme'], [150483782]], formulas: { B: '=CLIMATE.SCORE(A{row})' } });
 *   await session.settled();                                      // no cell busy, no recalculation under way
 *   const results = await session.results();                      // results['Sheet1!B2'].outcome
 *   await waitForResults(session, (r) => ...);                    // e.g. until profiles are ready
 *   await session.close();
 */
export { openNodeWorkbook, DEFAULT_LOCATION, type NodeWorkbookOptions, type NodeWorkbookSession } from './node';
export { openChromiumWorkbook, type ChromiumWorkbookOptions, type ChromiumWorkbookSession } from './browser';
export { seededSettings } from './settingsSeed';
export { waitForResults, type WorkbookSession } from './session';
export { excelRound } from './expectations';
export type { CellOutcome, CellReport, HarnessStats, InputValue, Outcome, SheetResults, SheetSpec } from './types';
