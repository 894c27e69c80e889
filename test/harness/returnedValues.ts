/**
 * What Excel makes of a value a custom function returns (or throws), as the harness judges it: a
 * scalar must not be an array, a matrix must be rows (ragged ones padded with #N/A); an object (data
 * type) only where the metadata allows custom data for `any` results and the host supports
 * CustomFunctionsRuntime 1.4, only of a type the host's ExcelApi knows (cell values 1.16;
 * Double/Boolean/String with properties, layouts or provider 1.19), and an entity only when it breaks
 * none of Excel's rules (entityFields.ts); otherwise #VALUE!. A thrown CustomFunctions.Error shows its
 * code (and message for #VALUE! and #N/A); anything else thrown is a bare #VALUE!.
 */
import { entityRuleViolations } from './entityFields';
import { CustomFunctionsError } from './officeGlobals';
import type { CellOutcome, FunctionMetadata, Outcome } from './types';

/** What the host says about returned values. */
export interface ReturnHost {
  /** functions.json's `allowCustomDataForDataTypeAny`. */
  customData: boolean;
  supports(name: string, version: string): boolean;
}

export function resultOutcome(value: unknown, meta: FunctionMetadata, host: ReturnHost): CellOutcome {
  if (meta.result.dimensionality !== 'matrix') {
    if (Array.isArray(value))
      return { kind: 'error', code: '#VALUE!', message: 'harness: array returned by a scalar function' };
    return element(value, meta, host);
  }
  if (!Array.isArray(value) || value.length === 0 || !value.every((row) => Array.isArray(row) && row.length > 0)) {
    return { kind: 'error', code: '#VALUE!', message: 'harness: a matrix function must return rows of values' };
  }
  const width = Math.max(...value.map((row: unknown[]) => row.length));
  return {
    kind: 'array',
    rows: value.map((row: unknown[]) =>
      Array.from({ length: width }, (_, i) =>
        i < row.length ? element(row[i], meta, host) : ({ kind: 'error', code: '#N/A' } as Outcome),
      ),
    ),
  };
}

function element(value: unknown, meta: FunctionMetadata, host: ReturnHost): Outcome {
  if (value instanceof CustomFunctionsError) return errorOutcome(value);
  if (value !== null && typeof value === 'object') {
    const allowed =
      host.customData && (meta.result.type ?? 'any') === 'any' && host.supports('CustomFunctionsRuntime', '1.4');
    if (!allowed)
      return {
        kind: 'error',
        code: '#VALUE!',
        message: 'harness: a data type where this host takes plain values only',
      };
    const cell = value as { type?: unknown; properties?: unknown; layouts?: unknown; provider?: unknown };
    if (typeof cell.type !== 'string') {
      return { kind: 'error', code: '#VALUE!', message: 'harness: an object that is no cell value' };
    }
    const attributed = cell.properties !== undefined || cell.layouts !== undefined || cell.provider !== undefined;
    const needs = attributed && ['Double', 'Boolean', 'String'].includes(cell.type) ? '1.19' : '1.16';
    if (!host.supports('ExcelApi', needs)) {
      const what = `${cell.type} cell value${attributed ? ' with attribution' : ''}`;
      return { kind: 'error', code: '#VALUE!', message: `harness: a ${what} needs ExcelApi ${needs}` };
    }
    if (cell.type === 'Entity') {
      const problems = entityRuleViolations(value as Record<string, unknown>, host.supports('ExcelApi', '1.19'));
      if (problems.length > 0) return { kind: 'error', code: '#VALUE!', message: `harness: ${problems.join('; ')}` };
    }
    // Kept as returned (not copied): a 2,000-row sheet of cards shares one card per organization.
    return { kind: 'value', value };
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return { kind: 'error', code: '#NUM!' };
  if (value === undefined) return { kind: 'value', value: null };
  return { kind: 'value', value };
}

export function errorOutcome(error: CustomFunctionsError): Outcome {
  // Excel shows a custom message for #VALUE! and #N/A only.
  const keepsMessage = error.code === '#VALUE!' || error.code === '#N/A';
  return keepsMessage && error.message !== undefined
    ? { kind: 'error', code: error.code, message: error.message }
    : { kind: 'error', code: error.code };
}

export function thrown(error: unknown): Outcome {
  return error instanceof CustomFunctionsError ? errorOutcome(error) : { kind: 'error', code: '#VALUE!' };
}
