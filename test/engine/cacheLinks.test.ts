/**
 * Links restored from the persisted cache meet the same rule as links from the service
 * (src/service/profileLink.ts): a store someone edited cannot put a `javascript:`, plain http or UNC
 * link into a card, CLIMATE.LINK or the pane. The stores are the blob of test/engine/fixtures/cache-v1.json
 * (written by the blob code itself) with its link strings replaced.
 */
import { readFileSync } from 'fs';
import path from 'path';
import { CACHE_STORAGE_KEY } from '../../src/engine/recordCache';
import { MemoryStorage } from '../../src/settings/storage';
import { rig } from './rig';

const fixture = JSON.parse(readFileSync(path.join(__dirname, 'fixtures', 'cache-v1.json'), 'utf8')) as {
  blob: string;
  savedAt: number;
};

afterEach(() => jest.useRealTimers());

test.each([
  ['javascript:alert(1)//', 'https://profiles.example/organizations/'],
  ['http://profiles.example/organizations/', 'https://profiles.example/organizations/'],
  ['\\\\attacker\\share\\', 'https://profiles.example/organizations/'],
])('a link restored as %s is dropped, the rest of the record kept', async (tampered, original) => {
  jest.useFakeTimers({ now: fixture.savedAt });
  const storage = new MemoryStorage();
  await storage.setItem(CACHE_STORAGE_KEY, fixture.blob.split(JSON.stringify(original)).join(JSON.stringify(tampered)));
  const { engine, service } = await rig({}, { storage });
  const outcome = await engine.organization({ name: 'Supplier 1' });
  expect(service.sent).toHaveLength(0); // served from the cache
  expect(outcome.record.name).toBe('Supplier 1');
  expect(outcome.record.score).toBe(0.3742);
  expect(outcome.record.matching_organization?.link).toBeNull();
  engine.dispose();
});
