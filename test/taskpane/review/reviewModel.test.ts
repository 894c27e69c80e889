/**
 * The match review's pure part: how a row ends (a verdict from the engine's record, or pending / no
 * value / error as its cells show them), which rows the filter shows, and the pages; and Refine's plan (what it accepts, as the
 * functions accept it, and what it writes into a row's formulas).
 */
import { EngineError, type OrganizationQuery } from '../../../src/engine';
import type { OrganizationRecord } from '../../../src/service/types';
import { planRefine, refinedCells } from '../../../src/taskpane/review/refine';
import {
  ALL,
  PAGE_SIZE,
  TO_REVIEW,
  assessRow,
  countVerdicts,
  filterEntries,
  needsReview,
  pageOf,
  verdictOf,
  type ReviewEntry,
} from '../../../src/taskpane/review/reviewModel';
import type { CellGrid } from '../../../src/taskpane/sheet/grid';

const record = (name: string, matched: string | null, relationship: string | null = null): OrganizationRecord =>
  ({
    id: 1,
    name,
    status: 'synced',
    score: 0.5,
    matching_organization: matched === null ? null : { id: 77, name: matched },
    organization_relationship_type: relationship,
  }) as unknown as OrganizationRecord;

/** The engine as the review asks it: the record for a name, or the failure the engine gives. */
const engine = {
  async organization(query: OrganizationQuery) {
    switch (query.name) {
      case 'Acme Corp':
        return { state: 'ready' as const, record: record('Acme Corp', 'Acme Corp'), receivedAt: 0 };
      case 'Acme':
        return { state: 'ready' as const, record: record('Acme', 'Zenith Holdings'), receivedAt: 0 };
      case 'Acme Subsidiary':
        return { state: 'ready' as const, record: record('Acme Subsidiary', 'Acme Group', 'parent'), receivedAt: 0 };
      case 'Newco':
        return {
          state: 'pending' as const,
          record: { ...record('Newco', null), status: 'researching' },
          receivedAt: 0,
        };
      case 'Nobody':
        throw new EngineError('not-found', 'No such organization.');
      case 'Locked':
        throw new EngineError('auth', 'The key was refused.');
      default:
        throw new EngineError('network', 'The service did not answer.');
    }
  },
};

const assess = (organization: string, row = 1): Promise<ReviewEntry> =>
  assessRow(engine, row, { organization, website: null, country: null });

describe('how a row ends', () => {
  test('a verdict from the record, or pending, no value (#N/A), error (#VALUE!) as the cells show them', async () => {
    const rows = await Promise.all(
      ['Acme Corp', 'Acme', 'Acme Subsidiary', 'Newco', 'Nobody', 'Flaky', 'Locked', 'lei:123'].map((name) =>
        assess(name),
      ),
    );
    expect(rows.map(verdictOf)).toEqual([
      'exact',
      'check',
      'parent',
      'pending',
      'no value',
      'no value', // a service that did not answer: no value now, not a wrong match nor a wrong input
      'error',
      'error',
    ]);
    expect(rows[1].reading).toMatchObject({ matchedName: 'Zenith Holdings', matchedId: 77 });
    expect(rows[3].message).toBe('Profiling (researching)');
    expect(rows[4].message).toBe('No such organization.');
    expect(rows[5].message).toBe('The service did not answer.');
    expect(rows[6].message).toBe('The key was refused.');
    expect(rows[7].message).toMatch(/LEI/); // the functions' own message for a bad identifier
  });

  test('the rows to review are the unsettled verdicts; the filter, counts and pages follow', async () => {
    const entries = await Promise.all(
      ['Acme Corp', 'Acme', 'Acme Subsidiary', 'Newco', 'Acme'].map((name, row) => assess(name, row)),
    );
    expect(['exact', 'identifier', 'accepted', 'pending', 'no value', 'error'].map(needsReview)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(needsReview('check') && needsReview('parent')).toBe(true);
    expect(filterEntries(entries, TO_REVIEW).map((entry) => entry.row)).toEqual([1, 2, 4]);
    expect(filterEntries(entries, 'check').map((entry) => entry.row)).toEqual([1, 4]);
    expect(filterEntries(entries, ALL)).toHaveLength(5);
    expect(countVerdicts(entries)).toEqual([
      ['check', 2],
      ['exact', 1],
      ['parent', 1],
      ['pending', 1],
    ]);
    const many = Array.from({ length: PAGE_SIZE * 2 + 1 }, (_, i) => i);
    expect(pageOf(many, 2)).toMatchObject({ index: 2, pages: 3, items: [PAGE_SIZE * 2] });
    expect(pageOf(many, 9).index).toBe(2);
    expect(pageOf([], 0)).toEqual({ items: [], index: 0, pages: 1 });
  });
});

describe('Refine', () => {
  const acme = { organization: 'Acme', website: null, country: null };

  test('accepts every identifier the functions accept, S&P Global included, and writes it as a literal', () => {
    expect(planRefine(acme, { website: '', country: '', identifier: 'spg:IQ24937' })).toEqual({
      args: { organization: 'spg:IQ24937', website: null, country: null },
      change: { organization: '"spg:IQ24937"' },
    });
    expect(planRefine(acme, { website: '', country: '', identifier: 'duns:804735132' }).change).toEqual({
      organization: '"duns:804735132"',
    });
    expect(planRefine(acme, { website: 'acme.com', country: 'DE', identifier: '' })).toEqual({
      args: { organization: 'Acme', website: 'acme.com', country: 'DE' },
      change: { website: '"acme.com"', country: '"DE"' },
    });
  });

  test('refuses a name in the identifier field, a bad identifier and an empty form, with what to write', () => {
    expect(() => planRefine(acme, { website: '', country: '', identifier: 'Acme Group' })).toThrow(
      'Write the identifier with its kind: lei:…, isin:…, duns:… or spg:… (got "Acme Group").',
    );
    expect(() => planRefine(acme, { website: '', country: '', identifier: 'spg:ABC' })).toThrow(/only digits/);
    expect(() => planRefine(acme, { website: '', country: '', identifier: '' })).toThrow(
      'Give a website, a country or an identifier.',
    );
  });

  test("refuses a website that is not the organization's own, which the functions would leave out", () => {
    expect(() => planRefine(acme, { website: 'linkedin.com/company/acme', country: '', identifier: '' })).toThrow(
      "linkedin.com/company/acme is a page on linkedin.com, not the organization's own site: give its own website.",
    );
    expect(() => planRefine(acme, { website: 'sales@gmail.com', country: '', identifier: '' })).toThrow(
      'sales@gmail.com is an address at gmail.com, where anyone can have one: give its own website.',
    );
  });

  test("rewrites the block's CLIMATE formulas of the row only", () => {
    const formulas = [['Acme', '=CLIMATE.SCORE($A1)', '=CLIMATE.FLAG($A1,"sbti")', '=LEN(A1)', '=CLIMATE.SCORE($A1)']];
    const grid: CellGrid = { sheet: 'S', rowIndex: 0, columnIndex: 0, values: formulas, formulas };
    const block = { rowIndex: 0, columnIndex: 1, rowCount: 1, columnCount: 3 };
    expect(refinedCells(grid, 0, block, { website: '"acme.com"' })).toEqual([
      { row: 0, column: 1, formula: '=CLIMATE.SCORE($A1,"acme.com")' },
      { row: 0, column: 2, formula: '=CLIMATE.FLAG($A1,"sbti","acme.com")' },
    ]);
  });
});
