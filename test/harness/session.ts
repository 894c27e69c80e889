/**
 * The one API tests and the benchmark drive a workbook through, whichever runtime calculates it
 * (Node or Chromium). Every method is asynchronous and returns plain JSON.
 */
import type { CellOutcome, HarnessStats, SheetResults, SheetSpec } from './types';

export interface WorkbookSession {
  readonly runtime: 'node' | 'chromium';
  /** Writes the sheet and invokes all its formulas concurrently; resolves with their addresses at once. */
  calculate(sheet: SheetSpec): Promise<string[]>;
  /** Resolves when no cell is busy and no Excel.run (recalculation) is under way. */
  settled(timeoutMs?: number): Promise<void>;
  results(): Promise<SheetResults>;
  /** Excel's formula-value preview of a formula being typed (null where the host has none): nothing is kept. */
  preview(formula: string, address?: string): Promise<CellOutcome | null>;
  /** F9 on these cells (or ranges). */
  recalculate(addresses: string[]): Promise<void>;
  /** Changes a requirement set's version (null: unsupported), e.g. CustomFunctionsRuntime 1.3 for an older host. */
  setRequirement(name: string, version: string | null): Promise<void>;
  /** OfficeRuntime.storage as the bundle left it. */
  storage(): Promise<Record<string, string>>;
  stats(): Promise<HarnessStats>;
  /** Console errors and uncaught errors of the runtime. */
  errors(): string[];
  close(): Promise<void>;
}

/** Calculates a sheet and returns each formula cell's settled outcome, row by row, in column order. */
export async function calculateOutcomes(
  session: WorkbookSession,
  spec: SheetSpec,
  timeoutMs = 30_000,
): Promise<CellOutcome[][]> {
  const addresses = await session.calculate(spec);
  await session.settled(timeoutMs);
  const results = await session.results();
  const columns = Object.keys(spec.formulas).length;
  const outcomes = addresses.map((address) => results[address].outcome);
  return spec.inputs.map((_row, i) => outcomes.slice(i * columns, (i + 1) * columns));
}

/** Polls the results until `predicate` holds; fails with the last results' summary otherwise. */
export async function waitForResults(
  session: WorkbookSession,
  predicate: (results: SheetResults) => boolean,
  timeoutMs = 60_000,
  intervalMs = 100,
): Promise<SheetResults> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const results = await session.results();
    if (predicate(results)) return results;
    if (Date.now() > deadline) {
      const counts: Record<string, number> = {};
      for (const cell of Object.values(results)) counts[cell.outcome.kind] = (counts[cell.outcome.kind] ?? 0) + 1;
      throw new Error(`harness: condition not met after ${timeoutMs} ms (cells: ${JSON.stringify(counts)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The scripts the shared-runtime page loads for the functions, in its order: everything the page
 * loads from the add-in's own origin, except the task pane and ribbon entries (and office.js, which
 * the harness replaces).
 */
export function functionScripts(
  pageHtml: string,
  others: readonly string[] = ['taskpane.js', 'commands.js'],
): string[] {
  const sources = [...pageHtml.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/gi)].map((match) => match[1]);
  return sources.filter((src) => !/^[a-z]+:\/\//i.test(src) && !src.startsWith('//') && !others.includes(src));
}
