/**
 * The card layout beside the formula layout: the same supplier sheet, cold, against fresh sandboxes
 * with the same knobs, once as today's four formulas per row (SCORE and three FLAGs) and once as one
 * CLIMATE.ORG per row with the same four values read by dot notation (`=B2.Score`, `=B2.SBTi`, ...),
 * which Excel computes without calling the add-in. Reported: requests and batch items (the same
 * lookups either way), custom-function calls per row, wall time (which includes the harness's JSON
 * copy of every result, as Excel's boundary makes), correct cells, what each layout's values weigh
 * (weight.ts; and MATCH, FLAGS and PROFILE on the settled card workbook), and the size of the entity
 * JSON Excel would send back if a card were passed to a function (its 5 MB payload limit).
 */
import { entityField } from '../../src/functions/results/entityFields';
import { SANDBOX_PROJECT_KEY, type SandboxKnobs } from '../../tools/sandbox/server/server';
import { openNodeWorkbook, seededSettings } from '../harness';
import { CELL_FIELDS, cellValue, sameOutcome, type CellSpec } from './cells';
import type { RemoteSandbox } from './remoteSandbox';
import { FORMULAS, outcomesOf } from './sheet';
import { layoutWeight, spillWeight, weightLines, type LayoutWeight } from './weight';
import type { SupplierRow } from './workload';

const CARD_FORMULAS: Record<string, string> = {
  B: '=CLIMATE.ORG(A{row})',
  ...Object.fromEntries(
    CELL_FIELDS.map((field, i) => [String.fromCharCode(67 + i), `=B{row}.${entityField(field)!.reference}`]),
  ),
};
const CARD_VALUE_COLUMNS = Object.keys(CARD_FORMULAS).slice(1);

export interface LayoutFigures {
  requests: number;
  batchItems: number;
  /** Custom-function calls Excel makes for the sheet, per row. */
  callsPerRow: number;
  wallMs: number;
  correct: number;
  cells: number;
  weight: LayoutWeight;
}

export interface CardLayoutFigures {
  formulas: LayoutFigures;
  cards: LayoutFigures;
  /** MATCH, FLAGS and PROFILE (and their spilled elements) on the card layout's settled workbook. */
  spills: LayoutWeight['functions'];
  /** Mean JSON size of a settled card, in bytes. */
  entityBytes: number;
}

type WithSandbox = <T>(knobs: Partial<SandboxKnobs>, run: (sandbox: RemoteSandbox) => Promise<T>) => Promise<T>;

async function layout(
  withSandbox: WithSandbox,
  knobs: Partial<SandboxKnobs>,
  rows: readonly SupplierRow[],
  cells: readonly CellSpec[],
  formulas: Record<string, string>,
  valueColumns: readonly string[],
  spills: boolean,
): Promise<LayoutFigures & { entityBytes: number; spills: LayoutWeight['functions'] }> {
  return withSandbox(knobs, async (sandbox) => {
    const session = await openNodeWorkbook({
      storage: await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY }),
    });
    try {
      const start = performance.now();
      await session.calculate({ inputs: rows.map((row) => [row.input]), formulas });
      await session.workbook.settled(10 * 60_000, 0);
      const wallMs = Math.round(performance.now() - start);
      const { requests, batchItems } = await sandbox.stats();
      const results = await session.results();
      const outcomes = outcomesOf(results, rows.length, valueColumns);
      const correct = cells.filter(({ row, field }, i) => {
        const record = row.kind === 'unseen' ? null : sandbox.population.recordFor(row.request);
        return sameOutcome(outcomes[i], record ? cellValue(record, field) : { kind: 'pending' });
      }).length;
      const entities = Object.values(results).flatMap((cell) => {
        const value = cell.outcome.kind === 'value' ? (cell.outcome.value as { type?: string }) : null;
        return value?.type === 'Entity' ? [JSON.stringify(value).length] : [];
      });
      const entityBytes = entities.length ? Math.round(entities.reduce((a, b) => a + b, 0) / entities.length) : 0;
      const callsPerRow = (await session.stats()).invocations / rows.length;
      const weight = layoutWeight(results, rows.length);
      const spilled = spills ? await spillWeight(session, rows) : {};
      return {
        requests,
        batchItems,
        callsPerRow,
        wallMs,
        correct,
        cells: cells.length,
        entityBytes,
        weight,
        spills: spilled,
      };
    } finally {
      await session.close();
    }
  });
}

/** Both layouts of the same sheet, with a report line per layout. */
export async function compareCardLayout(
  withSandbox: WithSandbox,
  knobs: Partial<SandboxKnobs>,
  rows: readonly SupplierRow[],
  cells: readonly CellSpec[],
): Promise<{ figures: CardLayoutFigures; lines: string[] }> {
  const {
    entityBytes: _none,
    spills: _noSpills,
    ...formulas
  } = await layout(withSandbox, knobs, rows, cells, FORMULAS, Object.keys(FORMULAS), false);
  const { entityBytes, spills, ...cards } = await layout(
    withSandbox,
    knobs,
    rows,
    cells,
    CARD_FORMULAS,
    CARD_VALUE_COLUMNS,
    true,
  );
  const line = (name: string, f: LayoutFigures) =>
    `  ${name.padEnd(34)} ${String(f.requests).padStart(8)} ${String(f.batchItems).padStart(11)} ` +
    `${String(f.callsPerRow).padStart(13)} ${String(f.wallMs).padStart(8)} ${`${f.correct}/${f.cells}`.padStart(12)}`;
  const lines = [
    'card layout (open scenario, cold, Excel on the web):',
    `  ${'layout'.padEnd(34)} ${'requests'.padStart(8)} ${'batch items'.padStart(11)} ${'calls per row'.padStart(13)} ${'wall ms'.padStart(8)} ${'correct'.padStart(12)}`,
    line('4 formulas per row (SCORE, 3 FLAG)', formulas),
    line('ORG + 4 dot fields per row', cards),
    `  one card's JSON: ${entityBytes} bytes; a 5 MB custom-function payload holds about ${Math.floor(5_000_000 / Math.max(1, entityBytes))} cards passed as arguments`,
    '',
    ...weightLines({ formulas: formulas.weight, cards: cards.weight }, spills, rows.length),
  ];
  return { figures: { formulas, cards, spills, entityBytes }, lines };
}
