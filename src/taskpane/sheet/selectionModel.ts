/**
 * From what is selected in Excel to the inputs of the scoring plan, pure: which column holds the
 * names, which rows are suppliers, whether the first selected row is a header, which other columns
 * probably hold websites and countries (offered as the defaults of the two pickers), and which
 * columns already score these names.
 */
import { columnLetters, listAreas } from './a1';
import { looksLikeAmount } from './amountText';
import {
  hasColumn,
  hasRow,
  isBlank,
  lastRow,
  valueAt as gridValue,
  type CellValue,
  type RangeBox,
  type SelectionSnapshot,
} from './grid';
import { scoredColumns, type ScoredColumns } from './scoredColumns';
import { isPlaceholder } from '../../functions/arguments/cellInput';
import { isOwnAddress } from '../../functions/arguments/websiteAddress';
import { validateCountry } from '../../identifiers';
import { t } from '../../i18n/translate';

/** Where the supplier rows are and what the analyst chose: the input of Score a column's plan. */
export interface ColumnSelection {
  /** 0-based column of the supplier names. */
  nameColumn: number;
  websiteColumn: number | null;
  countryColumn: number | null;
  /** 0-based row of the first supplier. */
  firstDataRow: number;
  /** The name cells, one per supplier row; blank ones get no formulas. */
  names: CellValue[];
  /** First column right of everything used on the sheet. */
  firstFreeColumn: number;
  /** Hidden columns from firstFreeColumn on: the new columns step over them. Absent: none. */
  hiddenColumns?: readonly number[];
  /** The used range's last row: rows inserted at the top must not push it off the sheet. Absent: unknown. */
  lastUsedRow?: number;
  /** What the sheet already shows for these names (a block scored before); absent: nothing. */
  scored?: ScoredColumns;
}

export interface ColumnOption {
  index: number;
  /** "B · Website" (letter, then the header text when there is one). */
  label: string;
}

export interface SelectionModel {
  sheet: string;
  nameColumn: number;
  /** Sheet rows of the selected name cells inside the used range. */
  top: number;
  bottom: number;
  /** Our guess; the pane lets the analyst change it. */
  firstRowIsHeader: boolean;
  columns: ColumnOption[];
  websiteGuess: number | null;
  countryGuess: number | null;
  /**
   * A column of amounts headed like spend (spend, amount, value, cost): weights the Climate summary,
   * which reports the amounts held as text.
   */
  spendGuess: number | null;
  /** First column right of everything used on the sheet, merged areas included. */
  firstFreeColumn: number;
}

/** In the pane's languages too: Webseite; site web, courriel; correo; sito, posta; ウェブ, ホームページ, メール. */
const WEBSITE_HEADER =
  /web|url|domain|site|sito|e-?mail|homepage|courriel|correo|posta|ウェブ|ホームページ|サイト|メール/i;
/** In the pane's languages too: Land, Sitzland, Staat; pays; país; paese, nazione; 国, 所在地. */
const COUNTRY_HEADER =
  /country|region|nation|nazione|hq|location|\bland\b|sitz|staat|\bpays\b|\bpa[ií]s\b|\bpaese\b|国|所在地/i;
/** Parts of a country a column may hold instead: never proposed as the country. */
const STATE_HEADER = /\bstate\b|province|county|bundesland|\bcity\b|\btown\b/i;
/** Ausgaben, Betrag, Volumen, Umsatz; montant, dépenses; importe, gasto; spesa, importo; 支出, 金額, 費用. */
const SPEND_HEADER =
  /spend|amount|value|cost|ausgabe|betrag|volumen|umsatz|montant|d[ée]pense|importe|gasto|spesa|importo|支出|金額|費用/i;

const valueAt = (snapshot: SelectionSnapshot, row: number, column: number): CellValue =>
  gridValue(snapshot.grid, row, column);

function text(value: CellValue): string {
  return value === null ? '' : String(value).trim();
}

export function describeSelection(snapshot: SelectionSnapshot): SelectionModel {
  const { selection, used } = snapshot;
  if (!used) throw new Error(t('sheet.emptySheet'));
  if (selection.columnCount < 1 || selection.rowCount < 1) throw new Error(t('sheet.selectNames'));
  // The column's own first cell, not the used range's: a title or the pane's source line in another
  // column may stand above it. Cells above it in the selection are left out. In an Excel table the
  // names run from its header row to its last data row: a title above it (in this column too) and the
  // total row below are no suppliers.
  const { table } = snapshot;
  const merged = snapshot.merged ?? [];
  const columnTop = table
    ? (table.headerRow ?? table.firstDataRow)
    : belowTitles(snapshot, merged, snapshot.firstFilledRow ?? used.rowIndex);
  const top = Math.max(selection.rowIndex, used.rowIndex, columnTop);
  const bottom = Math.min(
    selection.rowIndex + selection.rowCount - 1,
    used.rowIndex + used.rowCount - 1,
    table?.lastDataRow ?? Infinity,
  );
  const nameColumn = selection.columnIndex;
  const usedRight = used.columnIndex + used.columnCount;
  if (bottom < top || nameColumn < used.columnIndex || nameColumn >= usedRight) {
    throw new Error(t('sheet.noNames'));
  }

  const first = valueAt(snapshot, top, nameColumn);
  // A header is text at the top of the column, with rows under it: the selection reaches the column's
  // first cell (a selection starting lower starts among the suppliers). A lone cell is a supplier.
  // A table says which row is its header, and a table without one has none.
  const firstRowIsHeader = table
    ? top === table.headerRow && bottom > top
    : top === columnTop && bottom > top && typeof first === 'string' && !isBlank(first);
  const headerRow = firstRowIsHeader ? top : top - 1;
  refuseMergedNames(merged, nameColumn, headerRow + 1, bottom);

  const columns: ColumnOption[] = [];
  let websiteGuess: number | null = null;
  let countryGuess: number | null = null;
  let spendGuess: number | null = null;
  for (let column = used.columnIndex; column < usedRight; column++) {
    if (column === nameColumn) continue;
    const header = headerRow >= 0 ? text(valueAt(snapshot, headerRow, column)) : '';
    columns.push({ index: column, label: header ? `${columnLetters(column)} · ${header}` : columnLetters(column) });
    const cells = filledCells(snapshot, column, headerRow + 1, bottom);
    if (websiteGuess === null && looksLikeWebsites(cells, header)) websiteGuess = column;
    else if (countryGuess === null && looksLikeCountries(cells, header)) countryGuess = column;
    else if (spendGuess === null && SPEND_HEADER.test(header) && mostlyAmounts(cells)) spendGuess = column;
  }
  return {
    sheet: snapshot.sheet,
    nameColumn,
    top,
    bottom,
    firstRowIsHeader,
    columns,
    websiteGuess,
    countryGuess,
    spendGuess,
    // A merged area looks used across its width: new columns start right of it too.
    firstFreeColumn: Math.max(usedRight, ...merged.map((area) => area.columnIndex + area.columnCount)),
  };
}

/**
 * The names column's first row that is no title: a cell merged across several columns (a title over the
 * list, "Supplier register FY24") is neither the header nor a supplier, nor is anything above it.
 */
function belowTitles(snapshot: SelectionSnapshot, merged: readonly RangeBox[], first: number): number {
  const column = snapshot.selection.columnIndex;
  const bottom = snapshot.used ? lastRow(snapshot.used) : first;
  let top = first;
  for (;;) {
    const title = merged.find((area) => area.columnCount > 1 && hasColumn(area, column) && hasRow(area, top));
    if (!title) return top;
    let next = lastRow(title) + 1;
    while (next <= bottom && isBlank(valueAt(snapshot, next, column))) next++;
    if (next > bottom) return top;
    top = next;
  }
}

/** A merged names column keeps each name in its first row only: the rows under it would be blank suppliers. */
function refuseMergedNames(merged: readonly RangeBox[], column: number, from: number, to: number): void {
  const names = merged.filter(
    (area) => area.rowCount > 1 && hasColumn(area, column) && area.rowIndex <= to && lastRow(area) >= from,
  );
  if (names.length > 0) throw new Error(t('sheet.mergedNames', { areas: listAreas(names) }));
}

/** Filled cells a guess reads at most: enough to tell a column, few enough for a sheet of 100,000 rows. */
const SAMPLE = 500;

/** The column's first SAMPLE filled cells from row `from` to `to`. */
function filledCells(snapshot: SelectionSnapshot, column: number, from: number, to: number): CellValue[] {
  const cells: CellValue[] = [];
  for (let row = Math.max(from, snapshot.grid.rowIndex); row <= to && cells.length < SAMPLE; row++) {
    const value = valueAt(snapshot, row, column);
    if (!isBlank(value)) cells.push(value);
  }
  return cells;
}

/** The texts of `cells` that say something: `N/A` and its like are no value, as the functions read them. */
const saying = (cells: readonly CellValue[]): string[] => cells.map(text).filter((value) => !isPlaceholder(value));

/** The share of `items` that pass `test`; 0 of none. */
const shareOf = <T>(items: readonly T[], test: (item: T) => boolean): number =>
  items.length === 0 ? 0 : items.filter(test).length / items.length;

/**
 * Most filled cells of the column are amounts (a spend column may have gaps and the odd note): numbers,
 * or text written like one (`€1.234,56` from an ERP export), so such a column is proposed and the
 * summary says its text counts as no spend, rather than the analyst building without spend unaware.
 */
function mostlyAmounts(cells: readonly CellValue[]): boolean {
  return (
    shareOf(cells, (value) => typeof value === 'number' || (typeof value === 'string' && looksLikeAmount(value))) >= 0.8
  );
}

/**
 * A column of the suppliers' own web or e-mail addresses (not `jane@gmail.com` or a LinkedIn page,
 * which the functions leave out): under a website header, at least half its cells that say something
 * (a Site column of plant names is none); under another header, three in five.
 */
function looksLikeWebsites(cells: readonly CellValue[], header: string): boolean {
  const values = saying(cells);
  const share = shareOf(values, isOwnAddress);
  return WEBSITE_HEADER.test(header) ? values.length === 0 || share >= 0.5 : share >= 0.6;
}

/**
 * A column of countries as the functions read them: under a country header, at least half its cells
 * that say something (a Region column of EMEA and APAC is none); under another header, four in five
 * and not all two-letter codes, which a column of US states (CA, DE, IL, PA) could be. A State or
 * Province header is never one: sent as a country, CA is Canada.
 */
function looksLikeCountries(cells: readonly CellValue[], header: string): boolean {
  if (STATE_HEADER.test(header)) return false;
  const values = saying(cells);
  const countries = values.filter((value) => validateCountry(value).ok);
  const share = values.length === 0 ? 0 : countries.length / values.length;
  if (COUNTRY_HEADER.test(header)) return values.length === 0 || share >= 0.5;
  return share >= 0.8 && countries.some((value) => value.trim().length > 2);
}

/** The plan's input for the analyst's choices. */
export function columnSelection(
  snapshot: SelectionSnapshot,
  model: SelectionModel,
  choice: { firstRowIsHeader: boolean; websiteColumn: number | null; countryColumn: number | null },
): ColumnSelection {
  const firstDataRow = choice.firstRowIsHeader ? model.top + 1 : model.top;
  const names: CellValue[] = [];
  for (let row = firstDataRow; row <= model.bottom; row++) names.push(valueAt(snapshot, row, model.nameColumn));
  return {
    nameColumn: model.nameColumn,
    websiteColumn: choice.websiteColumn,
    countryColumn: choice.countryColumn,
    firstDataRow,
    names,
    firstFreeColumn: model.firstFreeColumn,
    hiddenColumns: snapshot.hiddenColumns,
    lastUsedRow: snapshot.used ? lastRow(snapshot.used) : undefined,
    scored: scoredColumns(snapshot.grid, model.nameColumn, firstDataRow, names),
  };
}

/** The values of one row's optional columns, for the progress follower's queries. */
export function rowValue(snapshot: SelectionSnapshot, row: number, column: number | null): CellValue {
  return column === null ? null : valueAt(snapshot, row, column);
}
