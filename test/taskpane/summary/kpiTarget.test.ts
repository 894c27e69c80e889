/**
 * The KPI's target as typed in the pane and as read back from the summary sheet (kpiTarget.ts): a
 * percentage as people type it, a basis, a year; anything else is refused with a message saying what
 * to type, and a target cell a workbook holds is used only when it is one.
 */
import { parseTarget, readTarget } from '../../../src/taskpane/summary/kpiTarget';

test.each([
  ['70', 'spend', '2030', { share: 0.7, basis: 'spend', year: 2030 }],
  ['67,5 %', 'count', '2027', { share: 0.675, basis: 'count', year: 2027 }],
  [' 100% ', 'count', '2026', { share: 1, basis: 'count', year: 2026 }],
  ['', 'spend', 'anything', null],
] as const)('%j by %s by %s', (share, basis, year, expected) => {
  expect(parseTarget(share, basis, year, 2026, true)).toEqual(expected);
});

test.each([
  ['0', '2030', '“0” is no target share: type a percentage above 0 and up to 100, such as 67 or 70%.'],
  ['150', '2030', '“150” is no target share: type a percentage above 0 and up to 100, such as 67 or 70%.'],
  ['0.7.1', '2030', '“0.7.1” is no target share: type a percentage above 0 and up to 100, such as 67 or 70%.'],
  ['70', '2025', 'Type the target year as four digits, from 2026 to 2076.'],
  ['70', '30', 'Type the target year as four digits, from 2026 to 2076.'],
  ['70', '', 'Type the target year as four digits, from 2026 to 2076.'],
])('%j by %j is refused, saying what to type', (share, year, message) => {
  expect(() => parseTarget(share, 'count', year, 2026, true)).toThrow(message);
});

test('a target by spend needs a spend column', () => {
  expect(() => parseTarget('70', 'spend', '2030', 2026, false)).toThrow(
    'A target by spend needs a spend column: choose one above, or set the target by count.',
  );
});

test('read back: one share and a year make a target, a past year included; anything else none', () => {
  expect(readTarget([null, 0.7, 2030], 2026)).toEqual({ share: 0.7, basis: 'spend', year: 2030 });
  expect(readTarget([0.5, '', 2024], 2026)).toEqual({ share: 0.5, basis: 'count', year: 2024 });
  for (const forged of [
    [0.5, 0.7, 2030], // two shares
    [null, null, 2030],
    ['70%', null, 2030], // text
    [1.5, null, 2030],
    [0.5, null, '2030'],
    [0.5, null, 2030.5],
    [0.5, null, 2999],
    [0.5, null, 1999],
    [],
  ])
    expect(readTarget(forged, 2026)).toBeNull();
});
