/**
 * The "Climate summary" sheet as a plan, pure: given where a scored block is (names, score, flags,
 * optional spend and industry mean) it returns every cell, formula, number format and chart of the
 * sheet. Every figure is a formula over the block's cells, so it stays live when they recalculate and
 * no copy of the data is made (the licence forbids a bulk copy). Errors and pending cells are counted
 * and never reach a figure: ISNUMBER/ISNA/IFERROR and criteria that only match numbers keep them out.
 *
 * Two variants of the top-10 lists: spilled SORTBY/TAKE/FILTER where the host has dynamic arrays,
 * a per-row rank (COUNTIFS) looked up with INDEX/MATCH elsewhere. Both order by score, equal scores by
 * spend (the larger first: the one to engage first), then in sheet order.
 * No figure puts IF or IFERROR over a range inside SUMPRODUCT: Excel without dynamic arrays evaluates
 * that as an array only when entered with Ctrl+Shift+Enter, which the API cannot do. Per-row work goes
 * into hidden helper columns instead.
 *
 * Over 300 lines on purpose: every figure's formula sits next to its label and number format, so a
 * reader checks each figure where it is built; the sheet writer (summarySheet.ts) holds no formulas.
 */
import { FLAG_LABELS, type FlagKey } from '../../functions/initiatives';
import { columnLetters } from '../sheet/a1';
import { PROVIDER } from '../../provider';

export const SUMMARY_SHEET_NAME = 'Climate summary';

/** Where the scored block is, as 0-based sheet rows and columns. */
export interface SummaryBlock {
  sheet: string;
  firstRow: number;
  lastRow: number;
  nameColumn: number;
  websiteColumn: number | null;
  countryColumn: number | null;
  scoreColumn: number;
  flags: Array<{ initiative: FlagKey; column: number }>;
  industryMeanColumn: number | null;
  spendColumn: number | null;
}

export interface SummaryOptions {
  /** SORTBY/TAKE/FILTER spill (dynamic arrays); otherwise COUNTIFS ranks and INDEX/MATCH. */
  dynamicArrays: boolean;
  /** Top of the score scale: 100 (the default 0-100 display) or 1 (the raw 0-1 scale). */
  scoreMax: number;
  /** The date the sheet was built, as the analyst reads it (e.g. 2026-11-23). */
  builtOn: string;
  /** The host can place an image (the provider logo). */
  logo: boolean;
}

export type SummaryContent = string | number;

export interface SummaryCell {
  row: number;
  column: number;
  /** A formula when it starts with "=", otherwise a value (labels, the build date). */
  content: SummaryContent;
  bold?: boolean;
  numberFormat?: string;
}

export interface SummaryChart {
  name: string;
  type: 'ColumnClustered' | 'BarClustered';
  title: string;
  /** A1 address on the summary sheet of the chart's data: categories in the first column. */
  source: string;
  /** Cell under the chart's top-left corner. */
  anchor: { row: number; column: number };
}

/** The key figures' cells, by name, so the pane and the tests can read them back. */
export type SummaryFigure =
  | 'suppliers'
  | 'scored'
  | 'profiling'
  | 'notFound'
  | 'errors'
  | 'meanScore'
  | 'weightedMeanScore'
  | 'industryMean'
  | 'totalSpend';

export interface HelperColumn {
  kind: 'status' | 'rankLowest' | 'rankHighest' | 'spend' | 'weighted';
  column: number;
  header: string;
  formulas: string[];
}

export interface SummaryPlan {
  cells: SummaryCell[];
  charts: SummaryChart[];
  figures: Partial<Record<SummaryFigure, string>>;
  /** Per initiative: A1 cells of its share by count and (with spend) by spend. */
  shares: Array<{ initiative: FlagKey; byCount: string; bySpend: string | null }>;
  /** The ten bands' count cells, lowest band first. */
  bands: string[];
  /** First cells of the two lists (supplier, score, spend columns to the right). */
  lowest: { firstRow: number; column: number };
  highest: { firstRow: number; column: number };
  /**
   * Hidden columns with one formula per block row, from HELPER_FIRST_ROW down: the status the counts
   * read; with spend, the spend that counts and score × spend; without dynamic arrays, each scored
   * row's rank from the lowest and from the highest.
   */
  helpers: HelperColumn[];
  logo: { row: number; column: number } | null;
  /** Every row and column the plan writes into, for clearing before a refresh. */
  extent: { rowCount: number; columnCount: number };
}

const LIST_LENGTH = 10;
/** Helper columns (hidden): Z status, AA and AB the ranks, AC spend, AD score × spend; from row 2. */
const STATUS_COLUMN = 25;
const SPEND_COLUMN = 28;
const WEIGHTED_COLUMN = 29;
const HELPER_FIRST_ROW = 1;
const rankColumn = (order: 'lowest' | 'highest'): number => (order === 'lowest' ? 26 : 27);
const PERCENT = '0.0%';
const SCORE_FORMAT = '0.0';

/** `"text"` as an Excel string literal. */
function literal(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** `'Sheet name'!` for a reference from another sheet. */
export function sheetPrefix(sheet: string): string {
  return `'${sheet.replace(/'/g, "''")}'!`;
}

function cellA1(row: number, column: number): string {
  return `${columnLetters(column)}${row + 1}`;
}

/** The helper column's cells for the block's rows, on the summary sheet. */
function helperRange(column: number, rows: number): string {
  const letters = columnLetters(column);
  return `$${letters}$${HELPER_FIRST_ROW + 1}:$${letters}$${HELPER_FIRST_ROW + rows}`;
}

function rowsOf(block: SummaryBlock): number {
  return block.lastRow - block.firstRow + 1;
}

function absoluteColumn(block: SummaryBlock, column: number): string {
  const letters = columnLetters(column);
  return `${sheetPrefix(block.sheet)}$${letters}$${block.firstRow + 1}:$${letters}$${block.lastRow + 1}`;
}

/** Builds the sheet. Rows are laid out top to bottom in sections; charts sit to the right. */
export function planSummary(block: SummaryBlock, options: SummaryOptions): SummaryPlan {
  if (block.lastRow < block.firstRow) throw new Error('The scored block holds no rows.');
  const cells: SummaryCell[] = [];
  const put = (row: number, column: number, content: SummaryContent, extra: Partial<SummaryCell> = {}): string => {
    cells.push({ row, column, content, ...extra });
    return cellA1(row, column);
  };
  const N = absoluteColumn(block, block.nameColumn);
  const S = absoluteColumn(block, block.scoreColumn);
  const Sp = block.spendColumn === null ? null : absoluteColumn(block, block.spendColumn);
  const rows = rowsOf(block);
  const T = helperRange(STATUS_COLUMN, rows);

  put(0, 0, SUMMARY_SHEET_NAME, { bold: true });
  const from = `${columnLetters(block.nameColumn)}${block.firstRow + 1}`;
  put(0, 1, `Suppliers in ${sheetPrefix(block.sheet)}${from}:${columnLetters(block.nameColumn)}${block.lastRow + 1}`);
  const logo = options.logo ? { row: 1, column: 0 } : null;
  put(1, logo ? 1 : 0, `=HYPERLINK(${literal(PROVIDER.site)},${literal(PROVIDER.sourceLine)})`);
  put(2, 0, 'Built');
  put(2, 1, options.builtOn);

  const figures: SummaryPlan['figures'] = {};
  let row = 4;
  const section = (title: string, headers: string[] = []): void => {
    put(row, 0, title, { bold: true });
    headers.forEach((header, i) => put(row, i + 1, header, { bold: true }));
    row++;
  };
  const figure = (key: SummaryFigure, label: string, formula: string, numberFormat?: string): string => {
    put(row, 0, label);
    const address = put(row, 1, formula, numberFormat ? { numberFormat } : {});
    figures[key] = address;
    row++;
    return address;
  };

  section('Counts');
  const suppliers = figure('suppliers', 'Suppliers', `=COUNTIFS(${N},"<>")`);
  figure('scored', 'Scored', `=SUMPRODUCT(--ISNUMBER(${S}))`);
  const pendingStatus = `(${T}<>"")*(${T}<>"synced")*(${T}<>"errored")`;
  figure('profiling', 'Still profiling', `=SUMPRODUCT(ISNA(${S})*${pendingStatus})`);
  figure('notFound', 'Not found (no value)', `=SUMPRODUCT(ISNA(${S})*((${T}="")+(${T}="synced")+(${T}="errored")))`);
  figure('errors', 'Errors', `=SUMPRODUCT(ISERROR(${S})-ISNA(${S}))`);
  row++;

  section('Scores');
  figure('meanScore', 'Mean score', `=IFERROR(SUMIFS(${S},${S},">=0")/COUNTIFS(${S},">=0"),"")`, SCORE_FORMAT);
  if (Sp) {
    figure('totalSpend', 'Spend of the suppliers', `=SUMIFS(${Sp},${Sp},">0",${N},"<>")`, '#,##0');
    figure(
      'weightedMeanScore',
      'Spend-weighted mean score',
      `=IFERROR(SUM(${helperRange(WEIGHTED_COLUMN, rows)})/SUMIFS(${Sp},${Sp},">0",${S},">=0"),"")`,
      SCORE_FORMAT,
    );
  }
  if (block.industryMeanColumn !== null) {
    const I = absoluteColumn(block, block.industryMeanColumn);
    figure(
      'industryMean',
      'Industry mean score',
      `=IFERROR(SUMIFS(${I},${I},">=0")/COUNTIFS(${I},">=0"),"")`,
      SCORE_FORMAT,
    );
  }
  row++;

  const shares: SummaryPlan['shares'] = [];
  const charts: SummaryChart[] = [];
  if (block.flags.length > 0) {
    section('Initiatives', Sp ? ['Share by count', 'Share by spend', 'Suppliers'] : ['Share by count', 'Suppliers']);
    const top = row;
    for (const flag of block.flags) {
      const F = absoluteColumn(block, flag.column);
      put(row, 0, FLAG_LABELS[flag.initiative]);
      const byCount = put(row, 1, `=IFERROR(COUNTIFS(${F},"TRUE",${N},"<>")/${suppliers},0)`, {
        numberFormat: PERCENT,
      });
      let bySpend: string | null = null;
      if (Sp) {
        const total = figures.totalSpend as string;
        bySpend = put(row, 2, `=IFERROR(SUMIFS(${Sp},${Sp},">0",${F},"TRUE",${N},"<>")/${total},0)`, {
          numberFormat: PERCENT,
        });
      }
      put(row, Sp ? 3 : 2, `=COUNTIFS(${F},"TRUE",${N},"<>")`);
      shares.push({ initiative: flag.initiative, byCount, bySpend });
      row++;
    }
    charts.push({
      name: 'Climate summary: initiatives',
      type: 'BarClustered',
      title: Sp
        ? 'Share of suppliers with each initiative, by count and by spend'
        : 'Share of suppliers with each initiative',
      source: `A${top}:${columnLetters(Sp ? 2 : 1)}${row}`,
      anchor: { row: 4, column: 6 },
    });
    row++;
  }

  section('Score distribution', ['Suppliers']);
  const bandsTop = row;
  const bands: string[] = [];
  const step = options.scoreMax / 10;
  const bound = (i: number): number => Number((i * step).toPrecision(12));
  for (let i = 0; i < 10; i++) {
    const label = options.scoreMax === 100 ? `${i * 10}–${i * 10 + 10}` : `${bound(i)}–${bound(i + 1)}`;
    put(row, 0, label);
    const upper = i === 9 ? `"<="&${bound(10)}` : `"<"&${bound(i + 1)}`;
    bands.push(put(row, 1, `=COUNTIFS(${S},">="&${bound(i)},${S},${upper})`));
    row++;
  }
  charts.push({
    name: 'Climate summary: score distribution',
    type: 'ColumnClustered',
    title: 'Suppliers by score band',
    source: `A${bandsTop}:B${bandsTop + 10}`,
    anchor: { row: 22, column: 6 },
  });
  row++;

  const listHeaders = Sp ? ['Score', 'Spend', 'Row'] : ['Score', 'Row'];
  section('Lowest scores (engage first)', listHeaders);
  const lowest = { firstRow: row, column: 0 };
  writeList(cells, lowest.firstRow, 'lowest', block, options, S, N, Sp);
  row += LIST_LENGTH + 1;
  section('Highest scores', listHeaders);
  const highest = { firstRow: row, column: 0 };
  writeList(cells, highest.firstRow, 'highest', block, options, S, N, Sp);
  row += LIST_LENGTH;

  const helpers = helperColumns(block, options);
  for (const helper of helpers) put(0, helper.column, helper.header, { bold: true });
  return {
    cells,
    charts,
    figures,
    shares,
    bands,
    lowest,
    highest,
    helpers,
    logo,
    extent: {
      rowCount: Math.max(row, HELPER_FIRST_ROW + rows),
      columnCount: Math.max(...helpers.map((helper) => helper.column)) + 1,
    },
  };
}

/**
 * One formula per block row: CLIMATE.STATUS of the row's supplier (a live call answered from the
 * engine's cache, never a copied value); with spend, the spend that counts (a positive number, else 0)
 * and score × that spend; without dynamic arrays, the row's unique rank among the scored rows (equal
 * scores by spend, then in sheet order), which the lists look up with MATCH. COUNTIFS criteria match
 * numbers only, so errors and pending cells get no rank.
 */
function helperColumns(block: SummaryBlock, options: SummaryOptions): HelperColumn[] {
  const ref = (column: number | null, r: number, fixed = true): string =>
    column === null ? '' : `${sheetPrefix(block.sheet)}$${columnLetters(column)}${fixed ? '$' : ''}${r + 1}`;
  const rows = rowsOf(block);
  const withSpend = block.spendColumn !== null;
  const status: string[] = [];
  const spend: string[] = [];
  const weighted: string[] = [];
  const lowest: string[] = [];
  const highest: string[] = [];
  const S = absoluteColumn(block, block.scoreColumn);
  const K = helperRange(SPEND_COLUMN, rows);
  const first = ref(block.scoreColumn, block.firstRow);
  const spendLetters = columnLetters(SPEND_COLUMN);
  for (let r = block.firstRow; r <= block.lastRow; r++) {
    const args = [
      ref(block.nameColumn, r, false),
      ref(block.websiteColumn, r, false),
      ref(block.countryColumn, r, false),
    ];
    while (args.length > 1 && args[args.length - 1] === '') args.pop();
    status.push(`=IF(ISBLANK(${args[0]}),"",IFERROR(CLIMATE.STATUS(${args.join(',')}),""))`);
    const score = ref(block.scoreColumn, r, false);
    const upTo = `${first}:$${columnLetters(block.scoreColumn)}${r + 1}`;
    let tied = `COUNTIFS(${upTo},${score})`;
    if (withSpend) {
      const amount = ref(block.spendColumn, r, false);
      const own = `${spendLetters}${HELPER_FIRST_ROW + 1 + r - block.firstRow}`;
      spend.push(`=IF(ISNUMBER(${amount}),MAX(${amount},0),0)`);
      weighted.push(`=IF(ISNUMBER(${score}),${score}*${own},0)`);
      // Equal scores: those with a larger spend first, then those above in the sheet with the same spend.
      const spendUpTo = `$${spendLetters}$${HELPER_FIRST_ROW + 1}:${own}`;
      tied = `COUNTIFS(${S},${score},${K},">"&${own})+COUNTIFS(${upTo},${score},${spendUpTo},${own})`;
    }
    const rank = (beyond: string): string => `=IF(ISNUMBER(${score}),COUNTIFS(${S},"${beyond}"&${score})+${tied},"")`;
    lowest.push(rank('<'));
    highest.push(rank('>'));
  }
  const helpers: HelperColumn[] = [
    { kind: 'status', column: STATUS_COLUMN, header: 'Status (read by the counts)', formulas: status },
  ];
  if (!options.dynamicArrays) {
    helpers.push({ kind: 'rankLowest', column: rankColumn('lowest'), header: 'Rank from lowest', formulas: lowest });
    helpers.push({
      kind: 'rankHighest',
      column: rankColumn('highest'),
      header: 'Rank from highest',
      formulas: highest,
    });
  }
  if (withSpend) {
    helpers.push({ kind: 'spend', column: SPEND_COLUMN, header: 'Spend counted', formulas: spend });
    helpers.push({ kind: 'weighted', column: WEIGHTED_COLUMN, header: 'Score × spend', formulas: weighted });
  }
  return helpers;
}

/**
 * Ten rows of supplier, score, spend and the row's position in the block. Dynamic arrays: one spilled
 * formula per column. Otherwise: the row ranked k by MATCH in the rank helper column, then INDEX.
 */
function writeList(
  cells: SummaryCell[],
  top: number,
  order: 'lowest' | 'highest',
  block: SummaryBlock,
  options: SummaryOptions,
  S: string,
  N: string,
  Sp: string | null,
): void {
  const put = (row: number, column: number, content: string, numberFormat?: string): void =>
    void cells.push({ row, column, content, ...(numberFormat ? { numberFormat } : {}) });
  const spendColumn = Sp ? 2 : null;
  const rowColumn = Sp ? 3 : 2;
  const rows = rowsOf(block);
  if (options.dynamicArrays) {
    const direction = order === 'lowest' ? 1 : -1;
    const position = `SEQUENCE(${rows})`;
    const bySpend = Sp ? `FILTER(${helperRange(SPEND_COLUMN, rows)},ISNUMBER(${S})),-1,` : '';
    const scored = (values: string): string => `FILTER(${values},ISNUMBER(${S}))`;
    const keys = `${scored(S)},${direction},${bySpend}${scored(position)},1`;
    const sorted = (values: string): string => `=IFERROR(TAKE(SORTBY(${scored(values)},${keys}),${LIST_LENGTH}),"")`;
    put(top, 0, sorted(N));
    put(top, 1, sorted(S), SCORE_FORMAT);
    if (spendColumn !== null && Sp) put(top, spendColumn, sorted(Sp), '#,##0');
    put(top, rowColumn, sorted(position));
    return;
  }
  const ranks = rankColumn(order);
  for (let k = 1; k <= LIST_LENGTH; k++) {
    const r = top + k - 1;
    const position = `$${columnLetters(rowColumn)}$${r + 1}`;
    const rankRange = helperRange(ranks, rows);
    put(r, rowColumn, `=IFERROR(MATCH(${k},${rankRange},0),"")`);
    put(r, 0, `=IF(${position}="","",INDEX(${N},${position}))`);
    put(r, 1, `=IF(${position}="","",INDEX(${S},${position}))`, SCORE_FORMAT);
    if (spendColumn !== null && Sp) put(r, spendColumn, `=IF(${position}="","",INDEX(${Sp},${position}))`, '#,##0');
  }
}
