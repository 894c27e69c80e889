/**
 * The formulas the shim calculates, as Excel does for the card layout: `=CLIMATE.ORG(name, …)` shows
 * the entity (or error) the test gives for that organization, and dot notation (`=E3.Score`,
 * `=HYPERLINK(E3.[Profile link],"Profile")`) or FIELDVALUE reads a property of the entity in the cell
 * by the rules the workbook harness follows too (the stand-ins' entityFields.ts: by name in any case;
 * #FIELD! for a name the value lacks or a cell that holds no value with properties; an error in the
 * cell passes through). `values` of an entity cell is its basic value, #VALUE!, as Microsoft documents
 * (`valuesAsJson` holds the entity: Range.valuesAsJson, ExcelApi 1.16 in the typings, "A JSON
 * representation of the values in the cells in this range"). Every other formula reads back empty, as
 * it would in the instant after it was written. The service's records may change (`renew`); a
 * CLIMATE.ORG cell shows the cards answered when it was last calculated: when its formula was entered
 * (Range.formulas: Excel calculates a formula entered as one typed in, docs/excel.md) or when a
 * Range.calculate covered it ("Calculates a range of cells on a worksheet", typings, ExcelApi 1.6),
 * which invokes the function again. Cells outside that range keep their card; a field formula reads
 * its card's cell, so it follows the card (Excel recalculates a formula's dependents).
 */
import { parseCell } from '../../../stand-ins/addresses';
import { isErrorLiteral } from '../../../stand-ins/cellOutcome';
import { fieldOutcome, parseFieldFormula } from '../../../stand-ins/entityFields';
import { key } from './grid';
import type { Cell, Sheet } from './types';

const ORG_CALL = /^=\s*(?:_xldudf_)?CLIMATE\.ORG\(\s*("(?:[^"]|"")*"|\$?[A-Za-z]{1,3}\$?[1-9]\d*)/i;
const HYPERLINK = /^HYPERLINK\((.+),"((?:[^"]|"")*)"\)$/i;

type Entity = { type: 'Entity'; basicValue?: unknown };

const isEntity = (value: unknown): value is Entity =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'Entity';

export function shimCardFormulas(entities: Record<string, unknown> | undefined) {
  /** What the service answers now: the cards a CLIMATE.ORG call takes when its cell is calculated. */
  let answers = entities;
  /** The cell an address names on `state` (a reference to another sheet names none here). */
  const cellAt = (state: Sheet, address: string): Cell | undefined => {
    const ref = parseCell(address);
    if (ref.sheet !== null && ref.sheet.toLowerCase() !== state.name.toLowerCase()) return undefined;
    return state.cells.get(key(ref.row - 1, ref.column));
  };
  /** A cell's value as Excel calculates it; null for a formula the shim does not calculate. */
  const calculated = (state: Sheet, cell: Cell | undefined, depth = 0): unknown => {
    if (!cell) return null;
    if (cell.formula === null) return cell.value;
    const org = ORG_CALL.exec(cell.formula);
    if (org) {
      if (!cell.answers) return null;
      const name = org[1].startsWith('"') ? org[1].slice(1, -1).replace(/""/g, '"') : cellAt(state, org[1])?.value;
      return cell.answers[String(name ?? '').toLowerCase()] ?? null;
    }
    const body = cell.formula.slice(1).trim();
    const link = HYPERLINK.exec(body);
    const field = parseFieldFormula(`=${link ? link[1].trim() : body}`);
    if (!field || depth > 8) return null;
    const holder = cellAt(state, field.address);
    const source = calculated(state, holder, depth + 1);
    if (source === null && holder?.formula) return null; // the card itself is not calculated yet
    const outcome = fieldOutcome(
      isErrorLiteral(source) ? { kind: 'error', code: source } : { kind: 'value', value: source },
      field.field,
    );
    const value = outcome.kind === 'error' ? outcome.code : outcome.value;
    return link && !isErrorLiteral(value) ? link[2].replace(/""/g, '"') : value;
  };
  return {
    calculated,
    /** The cards the service answers from now on: each CLIMATE.ORG cell takes them when next calculated. */
    renew(next: Record<string, unknown>): void {
      answers = next;
    },
    /** A cell calculated (its formula entered, or a range calculated over it): its call answers now. */
    calculate(cell: Cell, by: 'entry' | 'range'): void {
      if (cell.formula === null) return;
      cell.answers = answers;
      cell.calculatedBy = by;
    },
    /**
     * The CLIMATE.ORG cells of a sheet last calculated by a Range.calculate: no function runs here, so
     * none calls back, and the add-in enters each again CALLBACK_MS later (src/office/cellCallbacks.ts).
     */
    awaitingEntry(state: Sheet): number {
      let count = 0;
      for (const cell of state.cells.values())
        if (cell.calculatedBy === 'range' && cell.formula !== null && ORG_CALL.test(cell.formula)) count += 1;
      return count;
    },
    /** What `valuesAsJson` reads: the entity itself, else the value as an Excel.CellValue. */
    asJson(state: Sheet, cell: Cell | undefined): unknown {
      const value = calculated(state, cell) ?? '';
      if (isEntity(value)) return value;
      if (isErrorLiteral(value)) return { type: 'Error', basicValue: value, basicType: 'Error' };
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
