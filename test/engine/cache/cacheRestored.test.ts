/**
 * What the persisted cache gives back meets the rules the service's answers meet (src/service/records.ts):
 * a store someone edited, or a damaged one, cannot put into a card, a cell or the pane what the
 * service could not send. Links meet the profile-link rule (no `javascript:`, plain http or UNC link);
 * texts are text within the service's bound; numbers are finite; ranks are words; a record without an
 * id is dropped and asked for again, the others kept, and so is one dated in the future. The stores
 * are the blob of test/engine/cache/fixtures/cache-v1.json (written by the blob code itself) with parts
 * replaced; the per-record store reads through the same expandRecord (cacheMigration.test.ts reads
 * it back whole).
 */
import { readFileSync } from 'fs';
import path from 'path';
import { CACHE_STORAGE_KEY } from '../../../src/engine/cache/recordCache';
import { MAX_TEXT_CHARS } from '../../../src/service/records';
import type { OrganizationRecord } from '../../../src/service/types';
import { MemoryStorage } from '../../../src/settings/storage';
import { rig } from '../rig';

const fixture = JSON.parse(readFileSync(path.join(__dirname, 'fixtures', 'cache-v1.json'), 'utf8')) as {
  blob: string;
  savedAt: number;
};

afterEach(() => jest.useRealTimers());

/** An engine over the fixture's blob with `from` replaced by `to` (each a JSON fragment). */
async function restoredWith(from: string, to: string) {
  expect(fixture.blob).toContain(from);
  jest.useFakeTimers({ now: fixture.savedAt, advanceTimers: true }); // the records' day of life, timers running
  const storage = new MemoryStorage();
  await storage.setItem(CACHE_STORAGE_KEY, fixture.blob.split(from).join(to));
  return rig({}, { storage });
}

test.each([
  ['javascript:alert(1)//', 'https://profiles.example/organizations/'],
  ['http://profiles.example/organizations/', 'https://profiles.example/organizations/'],
  ['\\\\attacker\\share\\', 'https://profiles.example/organizations/'],
])('a link restored as %s is dropped, the rest of the record kept', async (tampered, original) => {
  const { engine, service } = await restoredWith(JSON.stringify(original), JSON.stringify(tampered));
  const outcome = await engine.organization({ name: 'Supplier 1' });
  expect(service.sent).toHaveLength(0); // served from the cache
  expect(outcome.record.name).toBe('Supplier 1');
  expect(outcome.record.score).toBe(0.3742);
  expect(outcome.record.matching_organization?.link).toBeNull();
  engine.dispose();
});

const SUPPLIER_1 = '"Supplier 1",0,0,0,2,"#",0,7]';

test.each<[string, string, string, (record: OrganizationRecord) => void]>([
  [
    'a name that is no text (absent)',
    SUPPLIER_1,
    SUPPLIER_1.replace('"Supplier 1"', '{"formula":"=1+1"}'),
    (record) => {
      expect(record.name).toBeNull();
      expect(record.matching_organization?.name).toBeNull();
    },
  ],
  [
    'a name longer than the service may send (absent)',
    SUPPLIER_1,
    SUPPLIER_1.replace('"Supplier 1"', JSON.stringify('x'.repeat(MAX_TEXT_CHARS + 1))),
    (record) => expect(record.name).toBeNull(),
  ],
  ['a score that is no finite number (absent)', '1,0.3742,', '1,1e999,', (record) => expect(record.score).toBeNull()],
  ['a score above 1 (absent)', '1,0.3742,', '1,37.42,', (record) => expect(record.score).toBeNull()],
  [
    'a name with control characters and a right-to-left override (cleaned)',
    SUPPLIER_1,
    SUPPLIER_1.replace('"Supplier 1"', JSON.stringify('\u202eSupplier\u0000 1\r\n')),
    (record) => expect(record.name).toBe('Supplier  1'),
  ],
  [
    'a rank that is no word (absent)',
    '0.3742,13,"BEU"',
    '0.3742,13,[{"a":1},7,"high"]',
    (record) => {
      expect(record.rank).toBeNull();
      expect(record.industry_rank).toBe('7'); // a number reads as its text, as in an answer
      expect(record.region_rank).toBe('high');
    },
  ],
  [
    'an industry name (a shared string) that is no text (absent)',
    '"Freight & logistics"',
    '["not","text"]',
    (record) => expect(record.industry?.name).toBeNull(),
  ],
])('%s reads as it would from the service', async (_case, from, to, check) => {
  const { engine, service } = await restoredWith(from, to);
  const outcome = await engine.organization({ name: 'Supplier 1' });
  expect(service.sent).toHaveLength(0); // still served from the cache: the rest of the record holds
  expect(outcome.record.id).toBe(1);
  check(outcome.record);
  engine.dispose();
});

test('a record without an id is dropped and asked for again; the others are still served', async () => {
  const { engine, service } = await restoredWith('["n:supplier 1",0,1,', '["n:supplier 1",0,"one",');
  expect((await engine.organization({ name: 'Brightwater Freight' })).record.id).toBe(12);
  expect(service.sent).toHaveLength(0);
  await engine.organization({ name: 'Supplier 1' });
  expect(service.sent).toHaveLength(1); // asked of the service
  engine.dispose();
});

test('a record stored as fetched in the future is not trusted to be fresh: it is asked for again', async () => {
  // The blob's ages are seconds after its base time; a year ahead would keep the record "fresh" for a year.
  const { engine, service } = await restoredWith('["n:supplier 1",0,', `["n:supplier 1",${365 * 86_400},`);
  await engine.organization({ name: 'Brightwater Freight' });
  expect(service.sent).toHaveLength(0);
  await engine.organization({ name: 'Supplier 1' });
  expect(service.sent).toHaveLength(1);
  engine.dispose();
});
