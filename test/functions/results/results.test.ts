/**
 * Result shaping: the number or boolean a cell shows, the attribution it carries on hosts with data
 * types (each host profile of the harness, as host.ts answers for it), and #N/A (never 0) where the
 * record has no value. The error codes and messages of failures: failures.test.ts.
 */
import { CellFailure } from '../../../src/functions/results/errors';
import { parseFields } from '../../../src/functions/results/fields';
import {
  flagResult,
  flagsRow,
  matchResult,
  profileResult,
  scoreResult,
  type ShapeContext,
} from '../../../src/functions/results/results';
import { readMatch, type MatchReading } from '../../../src/functions/results/nameMatch';
import { roundLikeExcel, scaleScore } from '../../../src/functions/results/scoreScale';
import { supportsDataTypes } from '../../../src/office/host';
import { HOST_PROFILES, supportedBy } from '../../harness/hostProfiles';
import { INITIATIVE_KEYS } from '../../../src/service/types';
import { LINK, LOGO, record } from '../recordBuilder';

/** The reading MATCH makes of `record()` asked for as "Acme" by name (nothing accepted). */
const reading = (): MatchReading => readMatch({ kind: 'name', text: 'Acme', identified: false }, record(), () => false);

const plain: ShapeContext = { dataTypes: false, scoreScale: '0-100', logoUrl: LOGO };
const rich: ShapeContext = { ...plain, dataTypes: true };

describe('the score scale', () => {
  test('0-100 is exactly ROUND(score * 100, 1); 0-1 is the raw score; null stays null', () => {
    expect(scaleScore(0.6345, '0-100')).toBe(63.5);
    expect(scaleScore(0.12345, '0-100')).toBe(12.3);
    expect(scaleScore(0.07, '0-100')).toBe(7);
    expect(scaleScore(1, '0-100')).toBe(100);
    expect(scaleScore(0, '0-100')).toBe(0);
    expect(scaleScore(0.6345, '0-1')).toBe(0.6345);
    expect(scaleScore(null, '0-100')).toBeNull();
  });

  test('rounds half away from zero on the decimal value, as Excel does', () => {
    expect(roundLikeExcel(1.005, 2)).toBe(1.01);
    expect(roundLikeExcel(34.55, 1)).toBe(34.6);
    expect(roundLikeExcel(-2.25, 1)).toBe(-2.3);
  });
});

describe('plain hosts (no CustomFunctionsRuntime 1.4)', () => {
  test('a score is a number and a flag a boolean', () => {
    expect(scoreResult(record(), 'Acme', plain)).toBe(63.5);
    expect(scoreResult(record(), 'Acme', { ...plain, scoreScale: '0-1' })).toBe(0.6345);
    expect(flagResult(record(), 'cdp', 'Acme', plain)).toBe(false);
    expect(flagResult(record(), 'reduction_action', 'Acme', plain)).toBe(true);
  });

  test('FLAGS is one row of 14 in FLAGS order', () => {
    const row = flagsRow(record(), 'Acme', plain);
    expect(row).toEqual([[...INITIATIVE_KEYS.map((_k, i) => i % 2 === 0), true]]);
  });

  test('PROFILE without fields is a (header, value) table of every field', () => {
    const table = profileResult(record(), null, 'Acme', plain, reading);
    expect(table).toHaveLength(34);
    expect(table.slice(0, 3)).toEqual([
      ['Id', 41],
      ['Name', 'Acme Widgets'],
      ['Website', 'acme.example'],
    ]);
    expect(Object.fromEntries(table.map(([h, v]) => [h, v]))).toMatchObject({
      'Matched organization': 'Acme Industrial',
      'Matched id': 7,
      Relationship: 'subsidiary',
      Match: 'subsidiary',
      'Match similarity': 0.29,
      Industry: 'Machinery',
      'Industry id': 3,
      'Industry mean score': 51,
      Score: 63.5,
      'Industry percentile': 81,
      Rank: 'high',
      'Industry rank': 'very_high',
      'Region rank': 'medium',
      Status: 'synced',
      'Profile link': LINK,
      SBTi: true,
      'Reduction action': true,
    });
  });

  test('PROFILE with fields is one row of their values', () => {
    expect(
      profileResult(record(), parseFields('score,percentile,industry_rank,sbti,link'), 'Acme', plain, reading),
    ).toEqual([[63.5, 81, 'very_high', true, LINK]]);
  });
});

describe('hosts with data types', () => {
  test('a score is a Double cell value with the card and the provider logo linking to the profile', () => {
    expect(scoreResult(record(), 'Acme', rich)).toEqual({
      type: 'Double',
      basicValue: 63.5,
      properties: {
        Requested: { type: 'String', basicValue: 'Acme' },
        'Matched organization': { type: 'String', basicValue: 'Acme Industrial' },
        Relationship: { type: 'String', basicValue: 'subsidiary' },
        Industry: { type: 'String', basicValue: 'Machinery' },
        'Industry mean score': { type: 'Double', basicValue: 51 },
        Rank: { type: 'String', basicValue: 'high' },
        'Industry rank': { type: 'String', basicValue: 'very_high' },
        'Region rank': { type: 'String', basicValue: 'medium' },
        'Industry percentile': { type: 'Double', basicValue: 81 },
        Status: { type: 'String', basicValue: 'synced' },
        'Profile link': { type: 'String', basicValue: LINK },
      },
      layouts: {
        card: {
          title: 'Climate score: Acme Industrial',
          sections: [
            {
              layout: 'List',
              properties: [
                'Requested',
                'Matched organization',
                'Relationship',
                'Industry',
                'Industry mean score',
                'Rank',
                'Industry rank',
                'Region rank',
                'Industry percentile',
                'Status',
                'Profile link',
              ],
            },
          ],
        },
      },
      provider: { description: 'Climate data by DitchCarbon', logoSourceAddress: LOGO, logoTargetAddress: LINK },
    });
  });

  test('a flag is a Boolean cell value with the same provider; spilled values carry it too', () => {
    const flag = flagResult(record(), 'sbti', 'Acme', rich) as Excel.BooleanCellValue;
    expect(flag).toMatchObject({
      type: 'Boolean',
      basicValue: true,
      provider: { logoSourceAddress: LOGO, logoTargetAddress: LINK },
    });
    expect(flag.layouts?.card?.title).toBe('SBTi: Acme Industrial');
    for (const element of flagsRow(record(), 'Acme', rich)[0]) {
      expect(element).toMatchObject({ type: 'Boolean', provider: { logoTargetAddress: LINK } });
    }
    const [[score, status]] = profileResult(record(), parseFields('score,status'), 'Acme', rich, reading);
    expect(score).toMatchObject({ type: 'Double', basicValue: 63.5, provider: { logoSourceAddress: LOGO } });
    expect(status).toMatchObject({ type: 'String', basicValue: 'synced', provider: { logoTargetAddress: LINK } });
  });

  test('cells of one organization share one value per label; another score scale or requested text gets its own', () => {
    const synced = record();
    const score = scoreResult(synced, 'Acme', rich);
    expect(scoreResult(synced, 'Acme', rich)).toBe(score);
    expect(flagResult(synced, 'sbti', 'Acme', rich)).not.toBe(flagResult(synced, 'cdp', 'Acme', rich));
    expect(scoreResult(synced, 'Acme', { ...rich, scoreScale: '0-1' })).toMatchObject({ basicValue: 0.6345 });
    expect(scoreResult(synced, 'acme.example', rich)).toMatchObject({
      basicValue: 63.5,
      properties: { Requested: { basicValue: 'acme.example' } },
    });
    expect(scoreResult(synced, 'Acme', rich)).toMatchObject({
      basicValue: 63.5,
      properties: { Requested: { basicValue: 'Acme' } },
    });
  });

  test('MATCH is a String cell value whose card names what was asked, what answered, how and how alike', () => {
    const cell = matchResult(reading(), record(), 'Acme', rich) as Excel.StringCellValue;
    expect(cell).toMatchObject({
      type: 'String',
      basicValue: 'subsidiary',
      provider: { logoSourceAddress: LOGO, logoTargetAddress: LINK },
    });
    expect(cell.properties).toEqual({
      Requested: { type: 'String', basicValue: 'Acme' },
      'Matched organization': { type: 'String', basicValue: 'Acme Industrial' },
      Relationship: { type: 'String', basicValue: 'subsidiary' },
      'Match similarity': { type: 'Double', basicValue: 0.29 },
      Match: { type: 'String', basicValue: 'subsidiary' },
      'Profile link': { type: 'String', basicValue: LINK },
    });
    // One name per field on every card: what =C2.[Match similarity] reads here, PROFILE and ORG call so too.
    const fieldNames = new Set(parseFields('all')!.map((field) => field.header));
    for (const name of Object.keys(cell.properties ?? {})) if (name !== 'Requested') expect(fieldNames).toContain(name);
    expect(cell.layouts?.card?.title).toBe('Match: Acme Industrial');
    expect(matchResult(reading(), record(), 'Acme', plain)).toBe('subsidiary');
  });

  test('missing properties are left out of the card, and no link means no logo target', () => {
    const bare = record({ matching_organization: null, organization_relationship_type: null, rank: null });
    const value = scoreResult(bare, 'Acme', rich) as Excel.DoubleCellValue;
    expect(Object.keys(value.properties ?? {})).not.toContain('Rank');
    expect(value.provider).toEqual({ description: 'Climate data by DitchCarbon', logoSourceAddress: LOGO });
    expect(value.layouts?.card?.title).toBe('Climate score: Acme Widgets');
  });
});

describe('each host profile', () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).Office;
  });

  test.each(HOST_PROFILES.map((profile) => [profile.name, profile] as const))(
    'host "%s": every shape is an attributed cell value there, or a plain value',
    (_name, profile) => {
      const isSetSupported = (name: string, version: string) => supportedBy(profile, name, version);
      (globalThis as Record<string, unknown>).Office = { context: { requirements: { isSetSupported } } };
      const ctx: ShapeContext = { ...plain, dataTypes: supportsDataTypes() };
      const values = [
        scoreResult(record(), 'Acme', ctx),
        flagResult(record(), 'sbti', 'Acme', ctx),
        ...flagsRow(record(), 'Acme', ctx)[0],
        ...profileResult(record(), parseFields('score,status,link'), 'Acme', ctx, reading)[0],
        ...profileResult(record(), null, 'Acme', ctx, reading).map(([, value]) => value),
      ].filter((value) => !(value instanceof CellFailure)); // fields the record lacks: #N/A everywhere
      const shapeOf = (value: unknown) => (typeof value === 'object' ? (value as { type: string }).type : 'plain');
      const shapes = new Set(values.map(shapeOf));
      expect([...shapes].sort()).toEqual(profile.attributedValues ? ['Boolean', 'Double', 'String'] : ['plain']);
      const attributed = values.filter((value): value is Excel.DoubleCellValue => typeof value === 'object');
      expect(attributed.every((value) => value.provider?.logoTargetAddress === LINK)).toBe(true);
    },
  );
});

describe('missing values are #N/A, never 0', () => {
  test('a score the service did not publish', () => {
    expect(() => scoreResult(record({ score: null }), 'Acme', plain)).toThrow(
      new CellFailure('#N/A', 'No climate score published for Acme Industrial.'),
    );
  });

  test('a flag the service did not publish: the cell fails, a spilled element becomes an error value', () => {
    const r = record({ reduction_action_present: null });
    expect(() => flagResult(r, 'reduction_action', 'Acme', plain)).toThrow(
      new CellFailure('#N/A', 'No Reduction action published for Acme Industrial.'),
    );
    const row = flagsRow(r, 'Acme', rich)[0];
    expect(row[13]).toBeInstanceOf(CellFailure);
    expect((row[13] as CellFailure).code).toBe('#N/A');
  });
});
