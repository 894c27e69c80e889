/** "Refresh values older than N days": which organizations, and about how many requests, before it runs. */
import type { OrganizationOutcome, OrganizationQuery } from '../../../src/engine';
import { olderValues, readDays } from '../../../src/taskpane/changes/olderValues';
import { record } from '../../functions/recordBuilder';

const NOW = Date.parse('2026-12-06T12:00:00Z');
const DAY = 86_400_000;
const query = (name: string): OrganizationQuery => ({ name });

/** A cache holding each organization's record produced `ageDays` ago (null: undated; absent: not read). */
function cache(ages: Record<string, number | null>) {
  return (q: OrganizationQuery): OrganizationOutcome | null => {
    if (!(q.name! in ages)) return null;
    const age = ages[q.name!];
    const updated = age === null ? null : new Date(NOW - age * DAY).toISOString();
    return { state: 'ready', record: { ...record(), updated_at: updated }, receivedAt: NOW };
  };
}

test('only organizations whose records the service produced more than N days ago are refreshed', () => {
  const found = olderValues(['A', 'B', 'C', 'D', 'E'].map(query), cache({ A: 91, B: 90, C: 10, D: null }), 90, NOW);
  expect(found.older).toEqual([query('A')]);
  expect(found).toMatchObject({ unknown: 2, requests: 1 }); // D undated, E not read in this session
});

test('about how many requests: full batches of the contract limit (100)', () => {
  const names = Array.from({ length: 250 }, (_, i) => `S${i}`);
  const found = olderValues(names.map(query), cache(Object.fromEntries(names.map((n) => [n, 200]))), 90, NOW);
  expect(found).toMatchObject({ unknown: 0, requests: 3 });
  expect(found.older).toHaveLength(250);
  expect(olderValues([], cache({}), 90, NOW).requests).toBe(0);
});

test('the days are a whole number from 1 to 3650', () => {
  expect(readDays(' 90 ')).toBe(90);
  expect(readDays('3650')).toBe(3650);
  for (const bad of ['0', '3651', '-5', '1.5', 'ninety', '', '1e3']) expect(readDays(bad)).toBeNull();
});
