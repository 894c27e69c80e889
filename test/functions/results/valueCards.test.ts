/**
 * A value's card at scale (src/functions/results/valueCards.ts): texts few cards differ in are one shared
 * object, made safe once; each card lists exactly the properties its record has.
 */
import { scoreResult, type ShapeContext } from '../../../src/functions/results/results';
import type { OrganizationRecord } from '../../../src/service/types';
import { LINK, LOGO, record } from '../recordBuilder';

const rich: ShapeContext = { dataTypes: true, scoreScale: '0-100', logoUrl: LOGO };

const value = (overrides: Partial<OrganizationRecord>) =>
  scoreResult(record(overrides), 'Acme', rich) as Excel.DoubleCellValue;
const industry = { id: 3, name: '=Machinery' };

test('organizations of one industry share its text, made safe once; their own texts stay their own', () => {
  const [a, b] = [1, 2].map(
    (id) => value({ id, matching_organization: { id, name: `Org ${id}`, link: LINK, industry } }).properties!,
  );
  expect(a.Industry).toEqual({ type: 'String', basicValue: "'=Machinery" });
  expect(a.Industry).toBe(b.Industry);
  expect(a.Status).toBe(b.Status);
  expect([a, b].map((card) => (card['Matched organization'] as Excel.StringCellValue).basicValue)).toEqual([
    'Org 1',
    'Org 2',
  ]);
});

test('a card lists the properties its record has, in card order, whichever are missing', () => {
  for (const missing of [[], ['Rank'], ['Rank', 'Status']]) {
    const lacks = (name: string): boolean => missing.includes(name);
    const shown = value({ rank: lacks('Rank') ? null : 'high', status: lacks('Status') ? null : 'synced' });
    const names = Object.keys(shown.properties!);
    expect(['Rank', 'Status'].filter((name) => !names.includes(name))).toEqual(missing);
    expect(shown.layouts!.card!.sections).toEqual([{ layout: 'List', properties: names }]);
  }
});
