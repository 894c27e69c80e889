/**
 * Which Excel calculates which worksheet function: the claim the pane's formulas are checked against
 * for every host profile (hostProfiles.ts, test/taskpane/pane/worksheetFunctions.test.ts). Kept to the
 * functions the add-in writes, plus TAKE, which it must not write where Excel 2021 runs it.
 *
 * Sources: each function's page on support.microsoft.com ("Applies to" lists the Excels that have it)
 * and the "Excel functions (by category)" page, whose version markers say when a function arrived:
 * FILTER, SORTBY and SEQUENCE are Excel 2021 (dynamic arrays); TAKE applies to Microsoft 365 and
 * Excel 2024 only (one of the 2022 array functions, with DROP and VSTACK); UNICHAR arrived in Excel
 * 2013, COUNTIFS, SUMIFS and IFERROR in 2007. The pages list no Excel older than 2016 any more, and the
 * add-in runs on none (SharedRuntime 1.1 starts with Office 2021), so 2016 is the floor here.
 */

/** Excel releases in the order they gained functions; Microsoft 365 has every function of the others. */
export const EXCEL_RELEASES = ['Excel 2016', 'Excel 2021', 'Excel 2024', 'Microsoft 365'] as const;
export type ExcelRelease = (typeof EXCEL_RELEASES)[number];

/** The first release that calculates each function. */
export const WORKSHEET_FUNCTIONS: Readonly<Record<string, ExcelRelease>> = {
  AND: 'Excel 2016',
  CLEAN: 'Excel 2016',
  COUNT: 'Excel 2016',
  COUNTIFS: 'Excel 2016',
  FALSE: 'Excel 2016',
  HYPERLINK: 'Excel 2016',
  IF: 'Excel 2016',
  IFERROR: 'Excel 2016',
  INDEX: 'Excel 2016',
  ISERROR: 'Excel 2016',
  ISNA: 'Excel 2016',
  ISNUMBER: 'Excel 2016',
  ISTEXT: 'Excel 2016',
  MATCH: 'Excel 2016',
  MAX: 'Excel 2016',
  MIN: 'Excel 2016',
  NOT: 'Excel 2016',
  OR: 'Excel 2016',
  SUBSTITUTE: 'Excel 2016',
  SUM: 'Excel 2016',
  SUMIFS: 'Excel 2016',
  SUMPRODUCT: 'Excel 2016',
  TRIM: 'Excel 2016',
  TRUE: 'Excel 2016',
  UNICHAR: 'Excel 2016',
  FILTER: 'Excel 2021',
  SEQUENCE: 'Excel 2021',
  SORTBY: 'Excel 2021',
  TAKE: 'Excel 2024',
};

/** `release` calculates `name` (a function the table does not know counts as missing: add it, with its source). */
export function calculates(release: ExcelRelease, name: string): boolean {
  const since = WORKSHEET_FUNCTIONS[name];
  return since !== undefined && EXCEL_RELEASES.indexOf(since) <= EXCEL_RELEASES.indexOf(release);
}
