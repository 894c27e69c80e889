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
  /** A value's card: its profile link as a property, its provider's logo linking to the profile. */
  const linked = {
    properties: { 'Profile link': { type: 'String', basicValue: LINK } },
    provider: { logoSourceAddress: LOGO, logoTargetAddress: LINK },
  };

  test('a score is a Double cell value carrying the profile link, its provider logo linking to the profile', () => {
    expect(scoreResult(record(), 'Acme', rich)).toEqual({ type: 'Double', basicValue: 63.5, ...linked });
  });

  test('a flag is a Boolean cell value with the same card; spilled values carry it too', () => {
    expect(flagResult(record(), 'sbti', 'Acme', rich)).toEqual({ type: 'Boolean', basicValue: true, ...linked });
    for (const element of flagsRow(record(), 'Acme', rich)[0]) {
      expect(element).toEqual({ type: 'Boolean', basicValue: expect.any(Boolean), ...linked });
    }
    const [[score, status, link]] = profileResult(record(), parseFields('score,status,link'), 'Acme', rich, reading);
    expect(score).toEqual({ type: 'Double', basicValue: 63.5, ...linked });
    // A text carries the logo linking to the profile, not the link property (a name may be long).
    expect(status).toEqual({ type: 'String', basicValue: 'synced', provider: linked.provider });
    expect(link).toEqual({ type: 'String', basicValue: LINK, provider: linked.provider });
  });

  test('cells of one organization share one value per label; another score scale gets its own', () => {
    const synced = record();
    const score = scoreResult(synced, 'Acme', rich);
    expect(scoreResult(synced, 'Acme', rich)).toBe(score);
    expect(scoreResult(synced, 'acme.example', rich)).toBe(score);
    expect(flagResult(synced, 'sbti', 'Acme', rich)).not.toBe(flagResult(synced, 'cdp', 'Acme', rich));
    expect(scoreResult(synced, 'Acme', { ...rich, scoreScale: '0-1' })).toMatchObject({ basicValue: 0.6345 });
  });

  test('MATCH is a String cell value whose card names what answered and how alike the names are', () => {
    const cell = matchResult(reading(), record(), rich) as Excel.StringCellValue;
    expect(cell).toEqual({
      type: 'String',
      basicValue: 'subsidiary',
      properties: {
        'Matched organization': { type: 'String', basicValue: 'Acme Industrial' },
        'Match similarity': { type: 'Double', basicValue: 0.29 },
      },
      provider: linked.provider,
    });
    // One name per field on every card: what =C2.[Match similarity] reads here, PROFILE and ORG call so too.
    const fieldNames = new Set(parseFields('all')!.map((field) => field.header));
    for (const name of Object.keys(cell.properties ?? {})) expect(fieldNames).toContain(name);
    expect(matchResult(reading(), record(), plain)).toBe('subsidiary');
  });

  test('no link means no logo target and no link property; no logo means the source line in its place', () => {
    const bare = record({ matching_organization: null, organization_relationship_type: null, rank: null });
    expect(scoreResult(bare, 'Acme', rich)).toEqual({
      type: 'Double',
      basicValue: 63.5,
      provider: { logoSourceAddress: LOGO },
    });
    expect(scoreResult(record(), 'Acme', { ...rich, logoUrl: null })).toEqual({
      type: 'Double',
      basicValue: 63.5,
      properties: linked.properties,
      provider: { description: 'Climate data by DitchCarbon', logoTargetAddress: LINK },
    });
  });

  test('a profile link is never cut, however long (links past profileLink.ts bound are refused where records are decoded)', () => {
    const long = `https://profiles.example/organizations/${'a'.repeat(400)}`;
    const value = scoreResult(
      record({ matching_organization: { id: 7, name: 'Acme', link: long, industry: null } }),
      'Acme',
      rich,
    );
    expect(value).toMatchObject({
      properties: { 'Profile link': { basicValue: long } },
      provider: { logoTargetAddress: long },
    });
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
