/**
 * What Excel pays for the values of a settled sheet: the characters of JSON each result crossed the
 * runtime's boundary as (the workbook harness counts them, test/harness/returnedValues.ts), per
 * function and per spilled element, per row and for whole sheets; and what the values add to a saved
 * workbook, as an .xlsx part holds them: the values Excel keeps per cell (a dot field's too), deflated
 * as zip does. Targets (docs/performance.md): SCORE, FLAG, MATCH and each spilled value at most 400
 * bytes a cell (median), an ORG card at most 2,000, a row of either layout at most 2,000, and the
 * values of a 50,000-row sheet under 20 MB in the file.
 */
import { deflateRawSync } from 'node:zlib';
import type { Outcome, SheetResults, WorkbookSession } from '../harness';
import type { SupplierRow } from './workload';

/** The sheet sizes the report gives totals for. */
export const SHEET_ROWS = [2_000, 10_000, 50_000] as const;
/** Median bytes a cell may weigh, per function (a spill's: per element); the largest row; the file. */
export const WEIGHT_TARGETS = { value: 400, card: 2_000, row: 2_000, workbookBytesAt50000: 20_000_000 } as const;

export interface CellWeights {
  cells: number;
  median: number;
  largest: number;
}

export interface LayoutWeight {
  /** Per function as a formula names it (`SCORE`, `ORG`; `dot field` for Excel's own), and `FLAGS element`... */
  functions: Record<string, CellWeights>;
  /** Bytes a row's results crossed as, together: median and largest. */
  row: CellWeights;
  /** All the sheet's results, and what that is per row times each of SHEET_ROWS. */
  totalBytes: number;
  totalsAt: Record<string, number>;
  /** The values Excel keeps for the sheet, deflated; and per row times 50,000 (measured when the sheet is that size). */
  workbookBytes: number;
  workbookBytesAt50000: number;
}

const median = (sorted: readonly number[]): number =>
  sorted.length === 0
    ? 0
    : sorted.length % 2
      ? sorted[(sorted.length - 1) / 2]
      : Math.round((sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2);

function weights(list: number[]): CellWeights {
  const sorted = [...list].sort((a, b) => a - b);
  return { cells: sorted.length, median: median(sorted), largest: sorted.at(-1) ?? 0 };
}

/** `SCORE` for `=CLIMATE.SCORE(A2)`, `dot field` for `=B2.Score` or FIELDVALUE. */
const functionOf = (formula: string): string => /CLIMATE\.([A-Z]+)\(/i.exec(formula)?.[1].toUpperCase() ?? 'dot field';

/** What Excel keeps for an element: the value (a data type's JSON as it arrived), or the error's code. */
const kept = (outcome: Outcome): unknown => (outcome.kind === 'value' ? outcome.value : { error: outcome.code });
const elementBytes = (outcome: Outcome): number => JSON.stringify(kept(outcome) ?? null).length;

/** The weights of a settled sheet's results (rows from 2), and what they add to a saved workbook. */
export function layoutWeight(results: SheetResults, rows: number, sheet = 'Sheet1'): LayoutWeight {
  const byFunction = new Map<string, number[]>();
  const add = (name: string, bytes: number) => {
    const list = byFunction.get(name) ?? [];
    list.push(bytes);
    byFunction.set(name, list);
  };
  const perRow = new Map<number, number>();
  const stored: string[] = [];
  for (const report of Object.values(results)) {
    if (!report.address.startsWith(`${sheet}!`)) continue;
    const name = functionOf(report.formula);
    add(name, report.bytes);
    const row = Number(/(\d+)$/.exec(report.address)![1]);
    perRow.set(row, (perRow.get(row) ?? 0) + report.bytes);
    const { outcome } = report;
    if (outcome.kind === 'array') {
      // PROFILE's table is (header, value) rows: its headers are ours, plain texts, and no value cell.
      const values = name === 'PROFILE' ? outcome.rows.map((cells) => cells.slice(1)) : outcome.rows;
      for (const element of values.flat()) {
        add(`${name} element`, elementBytes(element));
        stored.push(JSON.stringify(kept(element) ?? null));
      }
    } else if (outcome.kind !== 'busy') stored.push(JSON.stringify(kept(outcome) ?? null));
  }
  const totalBytes = [...perRow.values()].reduce((sum, bytes) => sum + bytes, 0);
  const workbookBytes = deflateRawSync(stored.join('\n')).length;
  const perRowTotal = totalBytes / Math.max(1, rows);
  return {
    functions: Object.fromEntries([...byFunction].map(([name, list]) => [name, weights(list)])),
    row: weights([...perRow.values()]),
    totalBytes,
    totalsAt: Object.fromEntries(SHEET_ROWS.map((n) => [n, Math.round(perRowTotal * n)])),
    workbookBytes,
    workbookBytesAt50000: rows === 50_000 ? workbookBytes : Math.round((workbookBytes / Math.max(1, rows)) * 50_000),
  };
}

/** The functions that only this measure calls, one sheet each (PROFILE's table spills down 34 rows). */
const SPILL_SHEETS: Record<string, string> = {
  Match: '=CLIMATE.MATCH(A{row})',
  Flags: '=CLIMATE.FLAGS(A{row})',
  Profile: '=CLIMATE.PROFILE(A{row})',
};
/** Rows of each spill sheet: enough for a median, few enough to add little to the bench. */
const SPILL_ROWS = 300;

/**
 * MATCH, FLAGS and PROFILE of the sheet's first suppliers, in a workbook whose records are already
 * fetched (the bench's card layout, settled): their weights per cell and per spilled element.
 */
export async function spillWeight(
  session: WorkbookSession,
  rows: readonly SupplierRow[],
): Promise<LayoutWeight['functions']> {
  const inputs = rows.slice(0, SPILL_ROWS).map((row) => [row.input]);
  for (const [name, formula] of Object.entries(SPILL_SHEETS))
    await session.calculate({ name, inputs, formulas: { B: formula } });
  await session.settled(10 * 60_000);
  const results = await session.results();
  return Object.assign(
    {},
    ...Object.keys(SPILL_SHEETS).map((name) => layoutWeight(results, inputs.length, name).functions),
  );
}

const mb = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

const row = (label: string, f: CellWeights): string =>
  `  ${label.padEnd(40)} ${String(f.cells).padStart(7)} ${String(f.median).padStart(7)} ${String(f.largest).padStart(8)}`;

/** The report's lines: each layout's functions, rows, totals and file size, the spilled functions, the targets. */
export function weightLines(
  layouts: Record<string, LayoutWeight>,
  spills: LayoutWeight['functions'],
  rows: number,
): string[] {
  const lines = [
    'what Excel pays (characters of JSON each result crosses the runtime boundary as; dot fields cross nothing):',
    `  ${'layout / function'.padEnd(40)} ${'cells'.padStart(7)} ${'median'.padStart(7)} ${'largest'.padStart(8)}`,
  ];
  for (const [layout, weight] of Object.entries(layouts)) {
    for (const [name, f] of Object.entries(weight.functions)) lines.push(row(`${layout}: ${name}`, f));
    lines.push(row(`${layout}: a row`, weight.row));
    const totals = SHEET_ROWS.map((n) => `${n.toLocaleString('en-US')} rows ${mb(weight.totalsAt[n])}`).join(', ');
    lines.push(`  ${layout}: this sheet ${mb(weight.totalBytes)} serialized; per row x rows: ${totals}`);
    const how = rows === 50_000 ? 'measured' : `${rows} rows deflated, per row x 50,000`;
    lines.push(
      `  ${layout}: its values in a saved workbook (deflated): this sheet ${mb(weight.workbookBytes)}; 50,000 rows ${mb(weight.workbookBytesAt50000)} (${how})`,
    );
  }
  for (const [name, f] of Object.entries(spills)) lines.push(row(`spills (${SPILL_ROWS} rows): ${name}`, f));
  for (const line of weightTargets(layouts, spills)) lines.push(`  ${line}`);
  return lines;
}

/** Each weight target, met or not, with its figure. */
export function weightTargets(layouts: Record<string, LayoutWeight>, spills: LayoutWeight['functions']): string[] {
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const median = (label: string, f: CellWeights, bound: number) =>
    `${label} median ${f.median} <= ${bound}: ${verdict(f.median <= bound)}`;
  const lines: string[] = [];
  for (const [layout, weight] of Object.entries(layouts)) {
    for (const [name, f] of Object.entries(weight.functions)) {
      if (name === 'dot field') continue; // Excel's own: nothing crosses
      lines.push(median(`${layout}: ${name}`, f, name === 'ORG' ? WEIGHT_TARGETS.card : WEIGHT_TARGETS.value));
    }
    lines.push(
      `${layout}: largest row ${weight.row.largest} <= ${WEIGHT_TARGETS.row}: ${verdict(weight.row.largest <= WEIGHT_TARGETS.row)}`,
    );
    const file = weight.workbookBytesAt50000;
    lines.push(
      `${layout}: 50,000 rows in the file ${mb(file)} < ${mb(WEIGHT_TARGETS.workbookBytesAt50000)}: ${verdict(file < WEIGHT_TARGETS.workbookBytesAt50000)}`,
    );
  }
  for (const [name, f] of Object.entries(spills)) {
    if (name === 'FLAGS' || name === 'PROFILE') continue; // a spill is judged per element
    lines.push(median(`spills: ${name}`, f, WEIGHT_TARGETS.value));
    if (name.endsWith('element'))
      lines.push(
        `spills: ${name} largest ${f.largest} <= ${WEIGHT_TARGETS.value}: ${verdict(f.largest <= WEIGHT_TARGETS.value)}`,
      );
  }
  return lines;
}
