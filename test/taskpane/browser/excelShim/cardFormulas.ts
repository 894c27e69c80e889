/**
 * The formulas the shim calculates, as Excel does for the card layout: `=CLIMATE.ORG(name, …)` shows
 * the entity (or error) the test gives for that organization, and dot notation (`=E3.Score`,
 * `=HYPERLINK(E3.[Profile link],"Profile")`) reads a property of the entity in the cell: by name in any
 * case; #FIELD! for a name the entity lacks or a cell that holds no entity; an error in the cell passes
 * through. `values` of an entity cell is its basic value, #VALUE!, as Microsoft documents
 * (`valuesAsJson` holds the entity: Range.valuesAsJson, ExcelApi 1.16 in the typings, "A JSON
 * representation of the values in the cells in this range"). Every other formula reads back empty, as it
 * would in the instant after it was written. A recalculation may bring newer cards (`renew`): Excel
 * invokes CLIMATE.ORG again for a range it is asked to calculate (Range.calculate), and the function
 * answers with the record the service sends now. Serialized into the page (index.ts): self-contained.
 */
import type { ShimGrid } from './grid';
import type { Cell, Sheet } from './types';

export function shimCardFormulas(entities: Record<string, unknown> | undefined, grid: ShimGrid) {
  const CELL = /^\$?([A-Za-z]{1,3})\$?([1-9]\d*)$/;
  const ORG_CALL = /^=\s*(?:_xldudf_)?CLIMATE\.ORG\(\s*("(?:[^"]|"")*"|\$?[A-Za-z]{1,3}\$?[1-9]\d*)/i;
  const DOT = /^(\$?[A-Za-z]{1,3}\$?[1-9]\d*)\.(?:\[([^\]]+)\]|([A-Za-z_]\w*))$/;
  const HYPERLINK = /^HYPERLINK\((.+),"((?:[^"]|"")*)"\)$/i;
  type Property = { type?: string; basicValue?: unknown; errorType?: string };
  type Entity = { type: 'Entity'; basicValue?: unknown; properties?: Record<string, Property> };
  // An error cell value's text by its errorType (Excel.ErrorCellValueType).
  const ERROR_TEXT: Record<string, string> = {
    NotAvailable: '#N/A',
    Field: '#FIELD!',
    Busy: '#BUSY!',
    Value: '#VALUE!',
  };
  const isEntity = (value: unknown): value is Entity =>
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'Entity';
  const isError = (value: unknown): boolean => typeof value === 'string' && /^#(N\/A|[A-Z0-9/]+[!?])$/.test(value);
  const cellAt = (state: Sheet, ref: string): Cell | undefined => {
    const [, column, row] = CELL.exec(ref)!;
    return state.cells.get(grid.key(Number(row) - 1, grid.letters(column)));
  };
  /** A cell's value as Excel calculates it; null for a formula the shim does not calculate. */
  const calculated = (state: Sheet, cell: Cell | undefined, depth = 0): unknown => {
    if (!cell) return null;
    if (cell.formula === null) return cell.value;
    const org = ORG_CALL.exec(cell.formula);
    if (org) {
      if (!entities) return null;
      const name = org[1].startsWith('"') ? org[1].slice(1, -1).replace(/""/g, '"') : cellAt(state, org[1])?.value;
      return entities[String(name ?? '').toLowerCase()] ?? null;
    }
    const body = cell.formula.slice(1).trim();
    const link = HYPERLINK.exec(body);
    const dot = DOT.exec(link ? link[1].trim() : body);
    if (!dot || depth > 8) return null;
    const holder = cellAt(state, dot[1]);
    const source = calculated(state, holder, depth + 1);
    if (source === null && holder?.formula) return null; // the card itself is not calculated yet
    if (isError(source)) return source;
    if (!isEntity(source)) return '#FIELD!';
    const field = (dot[2] ?? dot[3]).toLowerCase();
    const name = Object.keys(source.properties ?? {}).find((property) => property.toLowerCase() === field);
    if (name === undefined) return '#FIELD!';
    const property = source.properties![name];
    const value =
      property.type === 'Error' ? (ERROR_TEXT[property.errorType ?? ''] ?? '#VALUE!') : (property.basicValue ?? null);
    return link && !isError(value) ? link[2].replace(/""/g, '"') : value;
  };
  return {
    calculated,
    /** The cards CLIMATE.ORG shows from now on (a recalculation's answers). */
    renew(next: Record<string, unknown>): void {
      entities = next;
    },
    /** What `valuesAsJson` reads: the entity itself, else the value as an Excel.CellValue. */
    asJson(state: Sheet, cell: Cell | undefined): unknown {
      const value = calculated(state, cell) ?? '';
      if (isEntity(value)) return value;
      if (isError(value)) return { type: 'Error', basicValue: value, basicType: 'Error' };
      if (value === '') return { type: 'Empty', basicValue: '', basicType: 'Empty' };
      const type = typeof value === 'number' ? 'Double' : typeof value === 'boolean' ? 'Boolean' : 'String';
      return { type, basicValue: value, basicType: type };
    },
    /** What `values` reads: an entity's basic value, '' for an empty or uncalculated cell. */
    shown(state: Sheet, cell: Cell | undefined): unknown {
      const value = calculated(state, cell);
      return isEntity(value) ? (value.basicValue ?? '#VALUE!') : (value ?? '');
    },
  };
}

export type ShimCardFormulas = ReturnType<typeof shimCardFormulas>;
