/**
 * End to end over the sandbox and the BUILT functions (the workbook harness, in Node): a sheet is
 * scored in both layouts (CLIMATE.ORG cards with dot fields, and formula columns), 90 days pass on the
 * sandbox's clock, and the workbook is opened on another runtime (nothing cached: another computer, a
 * quarter later) and calculated again. What the pane reads of the two states (shownRows.ts, from the
 * cells as Excel hands them to the pane) names, on the Changes sheet, only organizations the sandbox's
 * world changed (`GET /__sandbox/world` says which), and every one it changed in a way the cells show.
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../../tools/sandbox/server/server';
import type { WorldChange } from '../../../tools/sandbox/world/world';
import { planChangesBlock } from '../../../src/taskpane/changes/changesPlan';
import { compareRows } from '../../../src/taskpane/changes/rowChanges';
import { shownRows } from '../../../src/taskpane/changes/shownRows';
import { INITIATIVE_KEYS } from '../../../src/service/types';
import type { CellGrid, CellValue } from '../../../src/taskpane/sheet/grid';
import { admin } from '../../sandbox/harness';
import { MODERN_HOST } from '../../harness/hostProfiles';
import { openNodeWorkbook, type NodeWorkbookSession } from '../../harness/node';
import { seededSettings } from '../../harness/settingsSeed';
import type { CellOutcome, SheetResults, SheetSpec } from '../../harness/types';

const DAY = 86_400;
const SUPPLIERS = 400;
let sandbox: RunningSandbox;
let names: string[];
const sessions: NodeWorkbookSession[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 3000, profilingSeconds: 0, erroredShare: 0, quiet: true });
  const owners = sandbox.population.organizations.filter((org) => org.parentId === null && org.profile !== null);
  names = owners.slice(0, SUPPLIERS).map((org) => org.name);
});
afterAll(async () => {
  for (const session of sessions) await session.close();
  await sandbox.close();
});

/** The two layouts as the pane writes them (the flags and ranks the comparison reads). */
const SHEETS: SheetSpec[] = [
  {
    name: 'Cards',
    inputs: [],
    formulas: { B: '=CLIMATE.ORG($A{row})', C: '=B{row}.Score', D: '=B{row}.SBTi', E: '=B{row}.[Industry rank]' },
  },
  {
    name: 'Formulas',
    inputs: [],
    formulas: {
      B: '=CLIMATE.SCORE($A{row})',
      C: '=CLIMATE.MATCH($A{row})',
      D: '=CLIMATE.FLAG($A{row},"sbti")',
      E: '=CLIMATE.FLAG($A{row},"cdp")',
      F: '=CLIMATE.PROFILE($A{row},"rank")',
    },
  },
];
const COLUMNS = ['A', 'B', 'C', 'D', 'E', 'F'];

/**
 * A settled cell as the pane reads it from Excel: `values` (an entity's basic value is #VALUE!, an error
 * its code), `valueTypes` (Excel.RangeValueType) and `valuesAsJson` (the cell value itself, ExcelApi 1.16).
 */
function asRead(outcome: CellOutcome | undefined): { value: CellValue; type: string; json: unknown } {
  if (!outcome || outcome.kind === 'busy' || outcome.kind === 'array')
    return { value: '#BUSY!', type: 'Error', json: null };
  if (outcome.kind === 'error') return { value: outcome.code, type: 'Error', json: { type: 'Error' } };
  const { value } = outcome;
  if (typeof value !== 'object' || value === null) {
    const type = typeof value === 'number' ? 'Double' : typeof value === 'boolean' ? 'Boolean' : 'String';
    return { value: value as CellValue, type, json: { type, basicValue: value } };
  }
  const rich = value as { type: string; basicValue?: CellValue };
  if (rich.type === 'Entity') return { value: '#VALUE!', type: 'Richvalue', json: rich };
  return { value: rich.basicValue ?? null, type: rich.type === 'Boolean' ? 'Boolean' : 'Double', json: rich };
}

/** The sheet as the pane reads it: formulas from the spec, what the cells show from the harness. */
function gridOf(spec: SheetSpec, results: SheetResults): CellGrid {
  const grid: CellGrid = {
    sheet: spec.name!,
    rowIndex: 1,
    columnIndex: 0,
    values: [],
    formulas: [],
    valueTypes: [],
    valuesAsJson: [],
  };
  names.forEach((name, i) => {
    const row = i + 2;
    const formulas: CellValue[] = [
      name,
      ...Object.values(spec.formulas).map((f) => f.replace(/\{row\}/g, String(row))),
    ];
    const read = formulas.map((_, c) =>
      c === 0
        ? { value: name, type: 'String', json: null }
        : asRead(results[`${spec.name}!${COLUMNS[c]}${row}`]?.outcome),
    );
    grid.formulas.push(formulas);
    grid.values.push(read.map((cell) => cell.value));
    grid.valueTypes!.push(read.map((cell) => cell.type));
    grid.valuesAsJson!.push(read.map((cell) => cell.json));
  });
  return grid;
}

/** A runtime of its own (nothing cached) calculating both sheets; what each shows. */
async function calculated(): Promise<CellGrid[]> {
  const session = await openNodeWorkbook({
    requirements: MODERN_HOST.requirements,
    storage: await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY }),
  });
  sessions.push(session);
  for (const spec of SHEETS) await session.calculate({ ...spec, inputs: names.map((name) => [name]) });
  await session.settled(120_000);
  const results = await session.results();
  return SHEETS.map((spec) => gridOf(spec, results));
}

test('90 days on, the Changes sheet names exactly the organizations the world changed as the cells show them', async () => {
  const before = await calculated();
  await admin(sandbox, 'POST', '/clock', { advanceSeconds: 90 * DAY });
  const world = (await admin(sandbox, 'GET', '/world')).body as { changes: WorldChange[] };
  const after = await calculated();

  const idOf = new Map(sandbox.population.organizations.map((org) => [org.name, org.id]));
  const changedIds = new Set(world.changes.map((change) => change.organizationId));
  const onSheet = world.changes.filter((change) => names.includes(change.name));
  expect(onSheet.length).toBeGreaterThan(5);

  for (const [i, spec] of SHEETS.entries()) {
    const [was, now] = [shownRows(before[i], 100), shownRows(after[i], 100)];
    expect(now.rows).toHaveLength(SUPPLIERS);
    const report = compareRows(was.rows, now.rows);
    const plan = planChangesBlock({ sheet: spec.name!, report, before: '2026-09-07', after: '2026-12-06' }, 2, false);
    // The organizations the sheet's block lists, read back from its rows' first column.
    const listed = new Set(
      plan.cells
        .filter((cell) => cell.row >= 6 && cell.column === 0)
        .map((cell) => JSON.parse(String(cell.content).slice(1)) as string),
    );
    expect(listed).toEqual(new Set(report.changes.map((change) => change.organization)));
    expect(listed.size).toBeGreaterThan(0);
    // No other: every organization listed is one the world changed.
    for (const name of listed) expect([name, changedIds.has(idOf.get(name)!)]).toEqual([name, true]);
    // Every one changed as the cells show it: an initiative the sheet shows (a card shows them all), a
    // score moved past 5 points.
    const flags: readonly string[] = spec.name === 'Cards' ? INITIATIVE_KEYS : ['sbti', 'cdp'];
    const net = new Map<string, { first: number; last: number }>();
    for (const change of onSheet) {
      if (change.kind === 'initiative' && flags.includes(change.initiative))
        expect(report.changes).toContainEqual(
          expect.objectContaining({
            organization: change.name,
            kind: change.joined ? 'initiative gained' : 'initiative lost',
          }),
        );
      if (change.kind === 'score') {
        const seen = net.get(change.name);
        net.set(change.name, { first: seen?.first ?? change.before, last: change.after });
      }
    }
    for (const [name, { first, last }] of net)
      if (Math.abs(last - first) * 100 > 5.1)
        expect(report.changes).toContainEqual(expect.objectContaining({ organization: name, kind: 'score moved' }));
    if (spec.name === 'Cards') {
      // The cards say when the service produced what they show: the later state is later.
      expect(now.asOf!).toBeGreaterThan(was.asOf!);
    }
  }
}, 300_000);
