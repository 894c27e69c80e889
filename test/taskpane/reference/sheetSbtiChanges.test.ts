/**
 * SBTi changes for the sheet's suppliers, pure (src/taskpane/reference/sheetSbtiChanges.ts): which
 * entries of the dataset-wide feed are the sheet's (by ISIN or LEI where the sheet names a supplier by
 * one, else by the organization its cells matched), and what each means, a removal never read as no data;
 * and the suppliers without a change told apart by the SBTi flag the sheet shows, never guessed.
 */
import type { SbtiChange } from '../../../src/service/types';
import { outcomeOf, sheetSbtiChanges, type SheetSupplier } from '../../../src/taskpane/reference/sheetSbtiChanges';

let nextId = 1;
const change = (
  company: string,
  isin: string | null,
  field: string,
  from: string | null,
  to: string | null,
  day: number,
): SbtiChange => ({
  id: nextId++,
  company_name: company,
  isin,
  field,
  old_value: from,
  new_value: to,
  changed_at: new Date(Date.UTC(2027, 0, day)).toISOString(),
});
const supplier = (label: string, parts: Partial<SheetSupplier> = {}): SheetSupplier => ({
  label,
  isin: null,
  lei: null,
  matchedName: label,
  sbti: null,
  ...parts,
});

test('each status tells its outcome apart: removed, expired, gone from the list, targets set, committed; other fields are details', () => {
  const status = (to: string | null) => outcomeOf(change('A', null, 'near_term_target_status', 'Committed', to, 1));
  expect(status('Commitment removed')).toBe('commitment removed');
  expect(status('Commitment Removed')).toBe('commitment removed');
  expect(status('Target expired')).toBe('targets expired');
  expect(status('Targets Set')).toBe('targets set');
  expect(status('Committed')).toBe('committed');
  expect(status(null)).toBe('not in the SBTi list');
  expect(status('  ')).toBe('not in the SBTi list');
  expect(outcomeOf(change('A', null, 'long_term_target_status', null, 'Targets set', 1))).toBe('targets set');
  // A removal whose earlier status the dataset lost is still a removal, not "no data".
  expect(outcomeOf(change('A', null, 'near_term_target_status', null, 'Commitment removed', 1))).toBe(
    'commitment removed',
  );
  expect(outcomeOf(change('A', null, 'near_term_target_year', null, '2031', 1))).toBe('detail');
  expect(outcomeOf(change('A', null, null as unknown as string, null, 'Commitment removed', 1))).toBe('detail');
});

test("only the sheet's suppliers: by ISIN, by LEI through the company's entry, else by the matched organization's name", () => {
  const feed = [
    change('Northwind Traders', 'US0000000001', 'near_term_target_status', 'Committed', 'Commitment removed', 3),
    change('Fabrikam Inc', 'DE0000000002', 'near_term_target_status', 'Committed', 'Targets set', 5),
    change('Fabrikam Inc', 'DE0000000002', 'near_term_target_year', null, '2031', 5),
    change('CONTOSO STEEL AG', 'CH0000000003', 'near_term_target_status', 'Committed', 'Commitment removed', 7),
    change('Not On The Sheet plc', 'GB0000000004', 'near_term_target_status', 'Committed', 'Commitment removed', 8),
    // A company of the same name as a supplier the sheet names by ISIN: that supplier is not matched by name.
    change('Adatum Corporation', 'FR0000000005', 'near_term_target_status', 'Committed', 'Commitment removed', 9),
  ];
  const suppliers = [
    supplier('us0000000001', { isin: 'US0000000001', matchedName: 'Northwind Traders Corp' }),
    supplier('lei:529900ABCDEFGHIJKL12', { lei: '529900ABCDEFGHIJKL12', matchedName: 'Fabrikam' }),
    supplier('Contoso Steel', { matchedName: 'Contoso Steel' }),
    supplier('isin:FR0000000099', { isin: 'FR0000000099', matchedName: 'Adatum Corporation' }),
    supplier('Quiet Supplier'),
  ];
  const leiOf = (c: SbtiChange) => (c.isin === 'DE0000000002' ? '529900abcdefghijkl12' : null);
  const report = sheetSbtiChanges(suppliers, feed, leiOf);
  expect(report.suppliers.map((s) => [s.supplier.label, s.matchedBy, s.outcome])).toEqual([
    ['us0000000001', 'isin', 'commitment removed'],
    ['Contoso Steel', 'name', 'commitment removed'],
    ['lei:529900ABCDEFGHIJKL12', 'lei', 'targets set'],
  ]);
  // The target's year is a detail of the same entry, listed with it.
  expect(report.suppliers[2].changes.map((c) => [c.change.field, c.outcome])).toEqual([
    ['near_term_target_year', 'detail'],
    ['near_term_target_status', 'targets set'],
  ]);
  expect(report.counts).toEqual({
    'commitment removed': 2,
    'targets expired': 0,
    'not in the SBTi list': 0,
    'targets set': 1,
    committed: 0,
    detail: 0,
  });
  expect(report.looked).toBe(5);
});

test("a supplier's outcome is its latest status; a supplier named in several rows is listed once", () => {
  const feed = [
    change('Tailspin Toys', null, 'near_term_target_status', 'Committed', 'Commitment removed', 2),
    change('Tailspin Toys', null, 'near_term_target_status', 'Commitment removed', 'Committed', 20),
    change('Litware', null, 'near_term_target_status', 'Targets set', null, 4),
  ];
  const report = sheetSbtiChanges(
    [supplier('Tailspin Toys Ltd'), supplier('Litware'), supplier('tailspin toys')],
    feed,
  );
  expect(report.suppliers.map((s) => [s.supplier.label, s.outcome, s.changes.length])).toEqual([
    ['Litware', 'not in the SBTi list', 1],
    ['Tailspin Toys Ltd', 'committed', 2],
  ]);
});

test('nothing for a sheet whose suppliers the feed does not name, or an empty feed', () => {
  expect(sheetSbtiChanges([supplier('Nobody')], []).suppliers).toEqual([]);
  const feed = [change('Somebody', 'US0000000001', 'near_term_target_status', 'Committed', 'Commitment removed', 1)];
  expect(
    sheetSbtiChanges([supplier('Nobody'), supplier('x', { isin: 'US9999999999', matchedName: 'Somebody' })], feed)
      .suppliers,
  ).toEqual([]);
});

test('the suppliers without a change, each once: by the flag the sheet shows, unknown where it shows none or nothing was matched', () => {
  const feed = [
    change('Northwind Traders', 'US0000000001', 'near_term_target_status', 'Committed', 'Commitment removed', 3),
    change('Litware', null, 'near_term_target_status', 'Committed', 'Targets set', 4),
  ];
  const suppliers = [
    supplier('Contoso', { sbti: true }),
    supplier('Fabrikam', { sbti: false }),
    // Its commitment was removed: listed with its change, never among the unchanged, whatever its flag shows.
    supplier('isin:US0000000001', { isin: 'US0000000001', matchedName: 'Northwind Traders', sbti: false }),
    supplier('Litware', { sbti: true }),
    supplier('Adatum', { sbti: null }),
    // No organization matched: the feed could not be searched for it, so its FALSE flag decides nothing.
    supplier('Unmatched Ltd', { matchedName: null, sbti: false }),
    // Rows naming one organization in other words count once: here, as Fabrikam's first row.
    supplier('FABRIKAM Inc.', { matchedName: 'Fabrikam', sbti: false }),
    supplier('US0000000001', { isin: 'US0000000001', matchedName: 'Northwind Traders', sbti: false }),
    supplier('Tailspin', { sbti: false }),
  ];
  const report = sheetSbtiChanges(suppliers, feed);
  const labels = (group: SheetSupplier[]) => group.map((s) => s.label);
  expect(report.suppliers.map((s) => s.supplier.label)).toEqual(['isin:US0000000001', 'Litware']);
  expect(labels(report.unchanged.listed)).toEqual(['Contoso']);
  expect(labels(report.unchanged.notListed)).toEqual(['Fabrikam', 'Tailspin']);
  expect(labels(report.unchanged.unknown)).toEqual(['Adatum', 'Unmatched Ltd']);
  expect(report.looked).toBe(9);
});

test('an empty feed: every supplier is without a change, each in its group', () => {
  const report = sheetSbtiChanges([supplier('A', { sbti: true }), supplier('B', { sbti: false }), supplier('C')], []);
  expect([report.unchanged.listed, report.unchanged.notListed, report.unchanged.unknown].map((g) => g.length)).toEqual([
    1, 1, 1,
  ]);
});
