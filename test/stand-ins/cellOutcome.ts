/**
 * What a cell shows, as both stand-ins for Excel model it (the workbook harness and the pane's
 * Excel.run shim): a value, or an error with the literal Excel writes for it. An ErrorCellValue names
 * its kind by `errorType` (Excel.ErrorCellValueType in the typings: NotAvailable, Value, Ref, Div0,
 * Name, Num, Null, Spill, Calc, Field, Busy, …); Excel shows each as its literal (#N/A, #VALUE!, …).
 */

/** A settled value or error, as Excel would keep it; a data type is the cell-value object returned. */
export type Outcome = { kind: 'value'; value: unknown } | { kind: 'error'; code: string; message?: string };

const ERROR_LITERALS: Record<string, string> = {
  NotAvailable: '#N/A',
  Value: '#VALUE!',
  Ref: '#REF!',
  Div0: '#DIV/0!',
  Name: '#NAME?',
  Num: '#NUM!',
  Null: '#NULL!',
  Spill: '#SPILL!',
  Calc: '#CALC!',
  Field: '#FIELD!',
  Busy: '#BUSY!',
};

/** The literal of an ErrorCellValue's `errorType`; #VALUE! for a type the stand-ins do not model. */
export function errorLiteral(errorType: unknown): string {
  return ERROR_LITERALS[String(errorType)] ?? '#VALUE!';
}

/** An error literal as a cell shows it (`#N/A`, `#FIELD!`, `#NAME?`), as opposed to any other text. */
export function isErrorLiteral(value: unknown): value is string {
  return typeof value === 'string' && /^#(N\/A|[A-Z0-9/]+[!?])$/.test(value);
}
