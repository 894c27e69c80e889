/**
 * Engine.heldIdentifier: the identifier (website, DUNS, LEI, ISIN, S&P Global id) under which the
 * cache holds a record, by the record's id: how a CLIMATE.ORG card whose row asked by an identifier
 * the card does not carry is judged as its row was (src/functions/results/cardQuery.ts), in this
 * session and in a reopened workbook.
 */
import { advance, rig } from '../rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const LEI = '5493001KJTIIGC8Y1R12';

test('a record asked for by one identifier is found by its id; one asked for by name, or with a region, is not', async () => {
  const { engine } = await rig();
  const asked = [
    { lei_number: LEI.toLowerCase() },
    { website: 'https://www.Acme.example/' },
    { duns_number: '12345678' },
    { name: 'Supplier 1' },
    { isin_number: 'US0378331005', hq_region: 'US' },
  ];
  const outcomes = await Promise.all([...asked.map((query) => engine.organization(query)), advance(30)]);
  const ids = outcomes.slice(0, asked.length).map((outcome) => (outcome as { record: { id: number } }).record.id);
  expect(ids.map((id) => engine.heldIdentifier(id))).toEqual([
    { lei_number: LEI }, // as compared: upper case
    { website: 'acme.example' },
    { duns_number: '012345678' }, // Excel's lost leading zero restored
    null,
    null,
  ]);
  // What it gives is a query the cache answers at once.
  expect(engine.cached(engine.heldIdentifier(ids[0])!)).toMatchObject({ state: 'ready', record: { id: ids[0] } });
  expect(engine.heldIdentifier(9_999)).toBeNull();
});

test('a reopened workbook (fresh engine, same storage) finds the identifier its cache holds', async () => {
  const first = await rig();
  const [outcome] = await Promise.all([first.engine.organization({ lei_number: LEI }), advance(30)]);
  await advance(1_000); // the cache is written a second after the last change
  first.engine.dispose();
  const second = await rig({}, { storage: first.storage });
  expect(second.engine.heldIdentifier(outcome.record.id)).toEqual({ lei_number: LEI });
  expect(second.service.sent).toHaveLength(0);
});

test('nothing is found before the cache has loaded, or under another service', async () => {
  const first = await rig();
  const [outcome] = await Promise.all([first.engine.organization({ lei_number: LEI }), advance(30)]);
  await advance(1_000);
  first.engine.dispose();
  const loading = await rig({}, { storage: first.storage, unloaded: true });
  expect(loading.engine.heldIdentifier(outcome.record.id)).toBeNull();
  const other = await rig({ baseUrl: 'https://other.example.com' }, { storage: first.storage });
  expect(other.engine.heldIdentifier(outcome.record.id)).toBeNull();
});
