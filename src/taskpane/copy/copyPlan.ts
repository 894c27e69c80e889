/**
 * The copy for people without the add-in, planned from the sheets as read (pure). A workbook sent with
 * CLIMATE formulas shows `#NAME?` wherever Excel recalculates them without the add-in (office-js#6395,
 * #6611: "by design"), so the copy holds the sheets that have CLIMATE cells with every such cell
 * replaced by what it shows: a value, a card by the organization's matched name, a profile link by a
 * plain `=HYPERLINK("https://…","Profile")` to the link the service sent, checked again here. Other
 * formulas stay formulas when the copy can carry them as they are (xlsxPortable.ts), else they become
 * their values too. Before the sheets, a dated note says what the values are and on what terms.
 */
import { PROVIDER } from '../../provider';
import { isProfileLink } from '../../service/profileLink';
import { climateCalls, fieldReferences, unquote } from '../sheet/formulas';
import type { CellGrid, CellValue } from '../sheet/grid';
import { linkText } from '../sheet/outputs';
import { showsSourceLine, SOURCE_LINE_FORMULA } from '../sheet/sourceLine';
import { hyperlinkFormula, portableFormula } from './xlsxPortable';

/** What a cell shows in the copy: a value or an error (one of FILE_ERRORS). */
export type Shown = string | number | boolean | { error: string };

/**
 * A cell of the copy (0-based row and column): a constant, an error, or a formula with what it shows;
 * with its number format code when it has one other than General (a date, a currency).
 */
export type CopyCell = { row: number; column: number; format?: string } & (
  { value: string | number | boolean } | { error: string } | { formula: string; shown: Shown }
);

/** A sheet of the copy, with the cells the provider's logo floats over. */
export interface CopySheet {
  name: string;
  cells: CopyCell[];
  logos: Array<{ row: number; column: number }>;
}

/** What the service holds for the organization a row's CLIMATE cells name: its matched name and profile link. */
export interface RowOrganization {
  name: string | null;
  link: string | null;
}

/** The note's words, in the person's language, already dated. */
export interface NoteTexts {
  sheet: string;
  title: string;
  lines: readonly string[];
}

/**
 * A sheet as read with its value types (an error is told by its type, never by its text, which follows
 * Excel's display language: `#NV` in German; docs/excel.md) and, when read, its number format codes (a
 * sheet without them keeps General).
 */
export type TypedGrid = CellGrid & { valueTypes: string[][] };

export interface CopyInput {
  /** Every sheet of the workbook as read: values, formulas, value types and number formats of its used range. */
  sheets: readonly TypedGrid[];
  /** The organization a row's CLIMATE cells name, as the engine holds it; null when it holds none. */
  organization(sheet: string, row: number): RowOrganization | null;
  /** The note's words for the sheets copied. */
  note(copied: readonly string[]): NoteTexts;
}

export interface CopyPlan {
  /** The note first, then the copied sheets in the workbook's order. */
  sheets: CopySheet[];
  /** Names of the sheets copied (those with CLIMATE cells). */
  copied: string[];
  /** CLIMATE cells written as values (cards as names). */
  values: number;
  /** Profile links written as plain HYPERLINK formulas. */
  links: number;
  /** Other formulas kept as formulas. */
  kept: number;
  /** Other formulas written as their values (the copy could not carry them). */
  frozen: number;
}

/**
 * Errors a file can hold (ECMA-376 Part 1, ST_CellType "e" with the seven error values of Excel 2007);
 * a later one (`#SPILL!`, `#BUSY!`, `#FIELD!`…) or one in another language (`#NV`) is written as #N/A:
 * not available in the copy.
 */
const FILE_ERRORS = new Set(['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A']);
const NOT_AVAILABLE = { error: '#N/A' };

const ORG_CELL = /^=\s*(?:_xldudf_CLIMATE[._]|CLIMATE\.)ORG\s*\(/i;
const HYPERLINK_CELL = /^=\s*HYPERLINK\s*\(/i;
const LINK_FIELD = 'profile link';
/** The label of Score a column's link cells, in the person's language. */
const profileLabel = (): string => unquote(linkText()) ?? 'Profile';

/** A value as the file can hold it (an error as one of FILE_ERRORS, else #N/A), an empty cell ''. */
function fileValue(value: CellValue, error: boolean): Shown {
  if (error) return typeof value === 'string' && FILE_ERRORS.has(value) ? { error: value } : NOT_AVAILABLE;
  return value ?? '';
}

/** The copied sheet's cell for what a formula showed: an error stays an error; nothing for an empty one. */
function shownCell(row: number, column: number, shown: Shown): CopyCell | null {
  if (shown === '') return null;
  return typeof shown === 'object' ? { row, column, ...shown } : { row, column, value: shown };
}

const isClimateCell = (formula: string): boolean =>
  climateCalls(formula).length > 0 || fieldReferences(formula).length > 0;

/** A link cell of Score a column's block: `=HYPERLINK(CLIMATE.LINK(…),"Profile")` or `=HYPERLINK(E3.[Profile link],…)`. */
const isLinkCell = (formula: string): boolean =>
  HYPERLINK_CELL.test(formula) &&
  (climateCalls(formula).some((call) => call.name === 'LINK') ||
    fieldReferences(formula).some((reference) => reference.field.toLowerCase() === LINK_FIELD));

/** The profile link of a row, when the service sent one that passes the link rule. */
const checkedLink = (organization: RowOrganization | null): string | null =>
  organization?.link && isProfileLink(organization.link) ? organization.link : null;

/** The text a cell showed, when it showed one (not an error, not empty). */
const shownText = (value: CellValue, error: boolean): string | null =>
  typeof value === 'string' && value !== '' && !error ? value : null;

/** The sheet of the copy, with its counts. */
function copySheet(
  grid: TypedGrid,
  copiedNames: readonly string[],
  organization: CopyInput['organization'],
): CopySheet & Pick<CopyPlan, 'values' | 'links' | 'kept' | 'frozen'> {
  const cells: CopyCell[] = [];
  const counts = { values: 0, links: 0, kept: 0, frozen: 0 };
  const linkedRows = new Set<number>();
  const climateRows = new Set<number>();
  const sourceLines: Array<{ row: number; column: number }> = [];
  const width = Math.max(0, ...grid.formulas.map((row) => row.length));
  const link = (row: number, column: number, label: string): CopyCell | null => {
    const target = checkedLink(organization(grid.sheet, row));
    if (target === null) return null;
    counts.links++;
    linkedRows.add(row);
    return { row, column, formula: hyperlinkFormula(target, label), shown: label };
  };

  grid.formulas.forEach((formulas, r) =>
    formulas.forEach((formula, c) => {
      const row = grid.rowIndex + r;
      const column = grid.columnIndex + c;
      const value = grid.values[r]?.[c] ?? null;
      const error = grid.valueTypes[r]?.[c] === 'Error';
      if (typeof formula === 'string' && showsSourceLine(formula)) sourceLines.push({ row, column });
      if (typeof formula !== 'string' || !formula.startsWith('=')) {
        if (formula !== null && formula !== '') cells.push({ row, column, value: formula });
        return;
      }
      if (!isClimateCell(formula)) {
        if (portableFormula(formula, copiedNames)) {
          counts.kept++;
          cells.push({ row, column, formula, shown: fileValue(value, error) });
        } else {
          counts.frozen++;
          const shown = shownCell(row, column, fileValue(value, error));
          if (shown) cells.push(shown);
        }
        return;
      }
      climateRows.add(row);
      counts.values++;
      if (isLinkCell(formula)) {
        const label = shownText(value, error) ?? profileLabel();
        // No checked link: not available, as CLIMATE.LINK says of a record without one.
        cells.push(link(row, column, label) ?? { row, column, ...NOT_AVAILABLE });
        return;
      }
      if (ORG_CELL.test(formula)) {
        // A card's basic value is #VALUE! to Office.js: the copy names the organization it matched.
        const name = organization(grid.sheet, row)?.name ?? shownText(value, error);
        cells.push(
          name === null ? { row, column, ...NOT_AVAILABLE } : (link(row, column, name) ?? { row, column, value: name }),
        );
        return;
      }
      // An error a CLIMATE cell shows speaks of the add-in (no key, #BUSY!, #NAME?): the copy says not available.
      const shown = shownCell(row, column, error ? NOT_AVAILABLE : fileValue(value, false));
      if (shown) cells.push(shown);
    }),
  );

  // A row with CLIMATE cells and no link of its own gets one right of the used columns.
  const linkColumn = grid.columnIndex + width;
  for (const row of climateRows) {
    if (linkedRows.has(row)) continue;
    const cell = link(row, linkColumn, profileLabel());
    if (cell) cells.push(cell);
  }

  for (const cell of cells) {
    const code = grid.numberFormat?.[cell.row - grid.rowIndex]?.[cell.column - grid.columnIndex];
    if (code && code !== 'General' && !('error' in cell)) cell.format = code;
  }
  const taken = new Set(cells.map((cell) => `${cell.row},${cell.column}`));
  const logos = sourceLines
    .filter(({ row, column }) => column > 0 && !taken.has(`${row},${column - 1}`))
    .map(({ row, column }) => ({ row, column: column - 1 }));
  return { name: grid.sheet, cells, logos, ...counts };
}

/** The note's sheet name: the note's own, made unique among the copied sheets as Excel compares names (without case). */
function noteSheetName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((sheet) => sheet.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = `${name.slice(0, 31 - suffix.length)}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** The note sheet: its title, the source line with the logo beside it, and the lines. */
function noteSheet(note: NoteTexts, copied: readonly string[]): CopySheet {
  const cells: CopyCell[] = [
    { row: 0, column: 0, value: note.title },
    { row: 1, column: 1, formula: SOURCE_LINE_FORMULA, shown: PROVIDER.sourceLine },
    ...note.lines.map((line, i): CopyCell => ({ row: 3 + i, column: 0, value: line })),
  ];
  return { name: noteSheetName(note.sheet, copied), cells, logos: [{ row: 1, column: 0 }] };
}

/** The sheets the copy holds: those with CLIMATE cells. */
export const scoredSheets = <G extends CellGrid>(sheets: readonly G[]): G[] =>
  sheets.filter((grid) =>
    grid.formulas.some((row) => row.some((formula) => typeof formula === 'string' && isClimateCell(formula))),
  );

/** The copy of the sheets that have CLIMATE cells; null when no sheet has any. */
export function planCopy(input: CopyInput): CopyPlan | null {
  const scored = scoredSheets(input.sheets);
  if (scored.length === 0) return null;
  const copied = scored.map((grid) => grid.sheet);
  const plan: CopyPlan = {
    sheets: [noteSheet(input.note(copied), copied)],
    copied,
    values: 0,
    links: 0,
    kept: 0,
    frozen: 0,
  };
  for (const grid of scored) {
    const { values, links, kept, frozen, ...sheet } = copySheet(grid, copied, input.organization);
    plan.sheets.push(sheet);
    plan.values += values;
    plan.links += links;
    plan.kept += kept;
    plan.frozen += frozen;
  }
  return plan;
}
