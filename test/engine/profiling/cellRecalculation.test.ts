/**
 * The engine's requests to recalculate waiting cells when Excel refuses for now: asked again after 0.5,
 * 1, 2 and 4 s and then every 5 s, refusals gathered into one request, until Excel takes them or the
 * runtime ends; addresses that name nothing any more are handed to be forgotten, once.
 */
import type { RecalculationOutcome } from '../../../src/engine';
import { ALL_TAKEN, CellRecalculation } from '../../../src/engine/profiling/cellRecalculation';
import { advance } from '../rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** An Excel that refuses every request until `accepting` is set, recording when it was asked and for what. */
function excel() {
  const asked: Array<{ at: number; cells: string[] }> = [];
  const state = { accepting: false, gone: [] as string[] };
  const recalculate = async (cells: string[]): Promise<RecalculationOutcome> => {
    asked.push({ at: Date.now(), cells });
    if (!state.accepting) return { refused: cells, gone: [] };
    const gone = state.gone.filter((address) => cells.includes(address));
    return gone.length > 0 ? { refused: [], gone } : ALL_TAKEN;
  };
  return { asked, state, recalculate };
}

test('refused cells are asked for again after 0.5, 1, 2 and 4 s, then every 5 s, until Excel takes them', async () => {
  const { asked, state, recalculate } = excel();
  const cells = new CellRecalculation(recalculate, () => undefined);
  const start = Date.now();
  cells.request(['Sheet1!B2', 'Sheet1!C2']);
  await advance(0.5e3 + 1e3 + 2e3 + 4e3 + 5e3 + 5e3);
  expect(asked.map(({ at }) => at - start)).toEqual([0, 500, 1_500, 3_500, 7_500, 12_500, 17_500]);

  state.accepting = true;
  await advance(5_000);
  expect(asked).toHaveLength(8);
  expect(asked[7].cells).toEqual(['Sheet1!B2', 'Sheet1!C2']);
  await advance(60_000);
  expect(asked).toHaveLength(8); // taken: not asked again
});

test('cells refused by requests made meanwhile join the next attempt: one request for all of them', async () => {
  const { asked, recalculate } = excel();
  const cells = new CellRecalculation(recalculate, () => undefined);
  cells.request(['Sheet1!B2']);
  await advance(100);
  cells.request(['Sheet1!B3']);
  await advance(400);
  expect(asked.map(({ cells: named }) => named)).toEqual([['Sheet1!B2'], ['Sheet1!B3'], ['Sheet1!B2', 'Sheet1!B3']]);
});

test('once Excel has taken everything, the next refusal starts over at 0.5 s', async () => {
  const { asked, state, recalculate } = excel();
  const cells = new CellRecalculation(recalculate, () => undefined);
  cells.request(['Sheet1!B2']);
  await advance(0.5e3 + 1e3 + 2e3); // three refusals more
  state.accepting = true;
  await advance(4_000);
  state.accepting = false;
  const before = asked.length;
  const start = Date.now();
  cells.request(['Sheet1!B9']);
  await advance(500);
  expect(asked.slice(before).map(({ at }) => at - start)).toEqual([0, 500]);
});

test('addresses that name nothing are handed to be forgotten; nothing is asked after the runtime ends', async () => {
  const { asked, state, recalculate } = excel();
  const forgotten: string[][] = [];
  const cells = new CellRecalculation(recalculate, (gone) => forgotten.push([...gone]));
  state.accepting = true;
  state.gone = ["'Old name'!B2"];
  cells.request(["'Old name'!B2", 'Sheet1!B3']);
  await advance(0);
  expect(forgotten).toEqual([["'Old name'!B2"]]);

  state.accepting = false;
  cells.request(['Sheet1!B4']);
  await advance(0);
  cells.dispose();
  const count = asked.length;
  await advance(60_000);
  cells.request(['Sheet1!B5']);
  expect(asked).toHaveLength(count);
});
