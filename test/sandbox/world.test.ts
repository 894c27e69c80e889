/**
 * The sandbox lets time pass: advancing its clock moves its world (scores, initiatives, SBTi
 * commitments), the same way for the same seed, with the records and the SBTi changes feed dated in
 * the span the clock moved. Over real HTTP.
 */
import type { OrganizationRecord, SbtiChange } from '../../src/service/types';
import type { RunningSandbox, WorldChange } from '../../tools/sandbox/server/server';
import { admin, client, Client, start } from './harness';

const DAY = 24 * 3600;
const ORGANIZATIONS = 2000;
/** A fixed start, so two sandboxes date their worlds alike. */
const START = Date.UTC(2026, 2, 2, 9, 30);

let sandbox: RunningSandbox;
let api: Client;
let before: Map<number, OrganizationRecord>;
let advanced: { status: number; body: { advancedSeconds: number; day: number; date: string; changed: number } };
let world: { day: number; date: string; changes: WorldChange[] };

/** Every population organization's record, read in batches of 100. */
async function allRecords(api: Client, sandbox: RunningSandbox): Promise<Map<number, OrganizationRecord>> {
  const ids = sandbox.population.organizations.map((o) => o.id);
  const records = new Map<number, OrganizationRecord>();
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const { body } = await api.batch(chunk.map((id) => ({ url: `/organizations/${id}`, method: 'GET' })));
    chunk.forEach((id, k) => records.set(id, JSON.parse(body[k].body)));
  }
  return records;
}

/** The SBTi changes feed since `since`, every page. */
async function changesSince(api: Client, since: string): Promise<SbtiChange[]> {
  const all: SbtiChange[] = [];
  for (let page = 1; ; page++) {
    const { body } = await api.get(`/sbti_companies/changes?since=${encodeURIComponent(since)}&page=${page}`);
    if (body.length === 0) return all;
    all.push(...body);
  }
}

/** What the days changed for one profile owner, in order. */
function changesOf(ownerId: number): WorldChange[] {
  return world.changes.filter((c) => c.organizationId === ownerId);
}

beforeAll(async () => {
  sandbox = await start({ organizations: ORGANIZATIONS, startMs: START });
  api = client(sandbox);
  before = await allRecords(api, sandbox);
  advanced = await admin(sandbox, 'POST', '/clock', { advanceSeconds: 90 * DAY });
  world = (await admin(sandbox, 'GET', '/world')).body;
});
afterAll(() => sandbox.close());

test('records say when they were produced: before the start, within the 90 days before it', () => {
  for (const record of before.values()) {
    const produced = Date.parse(record.updated_at as string);
    expect(produced).toBeLessThan(START);
    expect(produced).toBeGreaterThanOrEqual(START - 91 * DAY * 1000);
  }
});

test('90 days on the clock: scores drift, initiatives are joined and left, commitments removed and targets set', () => {
  expect(advanced.status).toBe(200);
  expect(advanced.body.day).toBe(90);
  expect(advanced.body.changed).toBe(world.changes.length);
  const kinds = (test: (c: WorldChange) => boolean): number => world.changes.filter(test).length;
  expect(kinds((c) => c.kind === 'score' && Math.abs(c.after - c.before) > 0.05)).toBeGreaterThan(0);
  expect(kinds((c) => c.kind === 'score' && Math.abs(c.after - c.before) < 0.05)).toBeGreaterThan(0);
  expect(kinds((c) => c.kind === 'initiative' && c.joined)).toBeGreaterThan(0);
  expect(kinds((c) => c.kind === 'initiative' && !c.joined)).toBeGreaterThan(0);
  expect(kinds((c) => c.kind === 'sbti' && c.after === 'Commitment removed')).toBeGreaterThan(0);
  expect(kinds((c) => c.kind === 'sbti' && c.after === 'Targets set')).toBeGreaterThan(0);
  // Some, not most: a quarter moves a few percent of the organizations.
  const moved = new Set(world.changes.map((c) => c.organizationId));
  expect(moved.size).toBeLessThan(ORGANIZATIONS * 0.2);
  for (const change of world.changes) {
    expect(Date.parse(change.changedAt)).toBe(START + change.day * DAY * 1000);
    expect(change.day).toBeGreaterThanOrEqual(1);
    expect(change.day).toBeLessThanOrEqual(90);
  }
});

test('each changed record says the change and its day; every other record is as it was', async () => {
  const after = await allRecords(api, sandbox);
  let changed = 0;
  for (const [id, record] of after) {
    const was = before.get(id)!;
    const changes = changesOf(was.matching_organization!.id as number);
    if (changes.length === 0) {
      expect(record).toEqual(was);
      continue;
    }
    changed++;
    expect(record.updated_at).toBe(changes.at(-1)!.changedAt);
    const scores = changes.flatMap((c) => (c.kind === 'score' ? [c.after] : []));
    expect(record.score).toBe(scores.at(-1) ?? was.score);
    for (const c of changes) {
      const later = changes.slice(changes.indexOf(c) + 1);
      if (c.kind === 'initiative' && !later.some((l) => l.kind === 'initiative' && l.initiative === c.initiative))
        expect(record.initiatives[c.initiative]).toBe(c.joined);
      if (c.kind === 'sbti') expect(record.initiatives.sbti).toBe(c.after === 'Targets set');
    }
  }
  expect(changed).toBeGreaterThan(0);
});

test('the SBTi changes feed lists each commitment removed and each target set, dated that day', async () => {
  const feed = await changesSince(api, new Date(START).toISOString());
  const statusChanges = feed.filter((c) => c.field === 'near_term_target_status');
  const sbti = world.changes.filter((c) => c.kind === 'sbti');
  expect(statusChanges.map((c) => [c.company_name?.toLowerCase(), c.new_value, c.changed_at])).toEqual(
    sbti.map((c) => [c.name.toLowerCase(), c.kind === 'sbti' && c.after, c.changedAt]),
  );
  for (const c of statusChanges) expect(c.old_value).toBe('Committed');
  for (const c of feed) {
    expect(Date.parse(c.changed_at as string)).toBeGreaterThan(START);
    expect(Date.parse(c.changed_at as string)).toBeLessThanOrEqual(Date.parse(world.date));
  }
  // Targets come with their classification and year, as the dataset's targets do.
  const targets = feed.filter((c) => c.field === 'near_term_target_year');
  expect(targets).toHaveLength(sbti.filter((c) => c.kind === 'sbti' && c.after === 'Targets set').length);
});

test('the same seed moves the same way however the clock gets there; another seed otherwise', async () => {
  const twice = await start({ organizations: ORGANIZATIONS, startMs: START });
  const other = await start({ organizations: ORGANIZATIONS, startMs: START, seed: 2 });
  try {
    expect(twice.advanceClock(45 * DAY).length).toBeGreaterThan(0);
    twice.advanceClock(30 * DAY);
    twice.advanceClock(15 * DAY);
    expect(twice.worldChanges()).toEqual(world.changes);
    other.advanceClock(90 * DAY);
    expect(other.worldChanges()).not.toEqual(world.changes);
  } finally {
    await Promise.all([twice.close(), other.close()]);
  }
});
