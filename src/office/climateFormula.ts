/**
 * How a CLIMATE call reads in a formula: `CLIMATE.SCORE(`, or `_xldudf_CLIMATE_SCORE(` as Excel
 * writes the add-in's functions where it is not loaded. The one definition: the pane parses formulas
 * with it, the runtime finds the workbook's CLIMATE cells with it.
 */

/** Not preceded by a letter, digit, `_`, `.`: `MYCLIMATE.SCORE` is another add-in's function. Group 1: the name. */
export const CLIMATE_CALL = /(?<![\w.])(?:_xldudf_CLIMATE[._]|CLIMATE\.)([A-Z]+)\s*\(/gi;

const ANY_CALL = new RegExp(CLIMATE_CALL.source, 'i');

/** A formula that calls a CLIMATE function (a value, or a dot reference to a card, calls none). */
export function isClimateFormula(formula: unknown): boolean {
  return typeof formula === 'string' && formula.startsWith('=') && ANY_CALL.test(formula);
}
