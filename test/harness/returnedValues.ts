/**
 * What Excel makes of a value a custom function returns (or throws), as the harness judges it: a
 * scalar must not be an array, a matrix must be rows (ragged ones padded with #N/A); an object (data
 * type) only where the metadata allows custom data for `any` results and the host supports
 * CustomFunctionsRuntime 1.4, only of a type the host's ExcelApi knows (cell values 1.16;
 * Double/Boolean/String with properties, layouts or provider 1.19), and an entity only when it breaks
 * none of Excel's rules (entityFields.ts); otherwise #VALUE!. A thrown CustomFunctions.Error shows its
 * code (and message for #VALUE! and #N/A); anything else thrown is a bare #VALUE!.
 *
 * Every value crosses the boundary as Excel's does: office.js's custom-functions runtime sends results
 * to Excel in a request batch (`setInvocationResults`) serialized as JSON, and sizes a result as
 * `JSON.stringify(result).length` when a batch exceeds the payload limit (custom-functions-runtime.js in
 * @microsoft/office-js). So a data type is kept as the JSON copy Excel receives (no identity shared with
 * the runtime's objects, nothing JSON drops survives), and the result's `bytes` are that length.
 */
import { entityRuleViolations } from '../stand-ins/entityFields';
import { CustomFunctionsError } from './officeGlobals';
import type { CellOutcome, FunctionMetadata, Outcome } from './types';

/** What the host says about returned values. */
export interface ReturnHost {
  /** functions.json's `allowCustomDataForDataTypeAny`. */
  customData: boolean;
  supports(name: string, version: string): boolean;
}

/** What Excel makes of a returned value, and the characters of JSON it crossed the boundary as. */
export interface Returned {
  outcome: CellOutcome;
  bytes: number;
}

export function resultOutcome(value: unknown, meta: FunctionMetadata, host: ReturnHost): Returned {
  const weight = { bytes: 0 };
  if (meta.result.dimensionality !== 'matrix') {
    if (Array.isArray(value))
      return {
        outcome: { kind: 'error', code: '#VALUE!', message: 'harness: array returned by a scalar function' },
        bytes: 0,
      };
    return { outcome: element(value, meta, host, weight), bytes: weight.bytes };
  }
  if (!Array.isArray(value) || value.length === 0 || !value.every((row) => Array.isArray(row) && row.length > 0)) {
    const outcome: Outcome = {
      kind: 'error',
      code: '#VALUE!',
      message: 'harness: a matrix function must return rows of values',
    };
    return { outcome, bytes: 0 };
  }
  const width = Math.max(...value.map((row: unknown[]) => row.length));
  // The brackets and commas of the rows' JSON, `[[a,b],[c,d]]`, beside each element's own.
  weight.bytes = 2 + value.reduce((sum: number, row: unknown[]) => sum + row.length + 1, 0) - 1;
  const outcome: CellOutcome = {
    kind: 'array',
    rows: value.map((row: unknown[]) =>
      Array.from({ length: width }, (_, i) =>
        i < row.length ? element(row[i], meta, host, weight) : ({ kind: 'error', code: '#N/A' } as Outcome),
      ),
    ),
  };
  return { outcome, bytes: weight.bytes };
}

/** The characters of JSON an error crosses as: its code and message. */
const errorBytes = (error: CustomFunctionsError): number =>
  JSON.stringify({ code: error.code, message: error.message }).length;

function element(value: unknown, meta: FunctionMetadata, host: ReturnHost, weight: { bytes: number }): Outcome {
  if (value instanceof CustomFunctionsError) {
    weight.bytes += errorBytes(value);
    return errorOutcome(value);
  }
  if (value !== null && typeof value === 'object') {
    const json = JSON.stringify(value);
    weight.bytes += json.length;
    const allowed =
      host.customData && (meta.result.type ?? 'any') === 'any' && host.supports('CustomFunctionsRuntime', '1.4');
    if (!allowed)
      return {
        kind: 'error',
        code: '#VALUE!',
        message: 'harness: a data type where this host takes plain values only',
      };
    const cell = JSON.parse(json) as Record<string, unknown>;
    if (typeof cell.type !== 'string') {
      return { kind: 'error', code: '#VALUE!', message: 'harness: an object that is no cell value' };
    }
    const attributed = cell.properties !== undefined || cell.layouts !== undefined || cell.provider !== undefined;
    const needs = attributed && ['Double', 'Boolean', 'String'].includes(cell.type) ? '1.19' : '1.16';
    if (!host.supports('ExcelApi', needs)) {
      const what = `${cell.type} cell value${attributed ? ' with attribution' : ''}`;
      return { kind: 'error', code: '#VALUE!', message: `harness: a ${what} needs ExcelApi ${needs}` };
    }
    if (cell.type === 'Entity' || attributed) {
      const problems = entityRuleViolations(cell, host.supports('ExcelApi', '1.19'));
      if (problems.length > 0) return { kind: 'error', code: '#VALUE!', message: `harness: ${problems.join('; ')}` };
    }
    return { kind: 'value', value: cell };
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return { kind: 'error', code: '#NUM!' };
  if (value === undefined) return { kind: 'value', value: null };
  weight.bytes += JSON.stringify(value).length;
  return { kind: 'value', value };
}

export function errorOutcome(error: CustomFunctionsError): Outcome {
  // Excel shows a custom message for #VALUE! and #N/A only.
  const keepsMessage = error.code === '#VALUE!' || error.code === '#N/A';
  return keepsMessage && error.message !== undefined
    ? { kind: 'error', code: error.code, message: error.message }
    : { kind: 'error', code: error.code };
}

export function thrown(error: unknown): Returned {
  return error instanceof CustomFunctionsError
    ? { outcome: errorOutcome(error), bytes: errorBytes(error) }
    : { outcome: { kind: 'error', code: '#VALUE!' }, bytes: 0 };
}
