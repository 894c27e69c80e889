/** Initiative names and PROFILE field names as people write them, and the messages for unknown ones. */
import { ArgumentError } from '../../../src/functions/arguments/argumentError';
import { FLAG_HEADERS, PROFILE_FIELDS, parseFields } from '../../../src/functions/results/fields';
import { FLAG_KEYS, parseInitiative } from '../../../src/functions/arguments/initiatives';
import { INITIATIVE_KEYS } from '../../../src/service/types';
import { BAD_INITIATIVES } from '../badInputs';

describe('initiative names', () => {
  test.each<[string, string]>([
    ['sbti', 'sbti'],
    ['SBTi', 'sbti'],
    ['Science Based Targets', 'sbti'],
    ['science-based targets initiative', 'sbti'],
    ['RE100', 're100'],
    ['re 100', 're100'],
    ['Climate Pledge', 'climate_pledge'],
    ['The Climate Pledge', 'climate_pledge'],
    ['UN Global Compact', 'un_global_compact'],
    ['ungc', 'un_global_compact'],
    ['EcoVadis', 'ecovadis'],
    ['CDP', 'cdp'],
    ['Carbon Disclosure Project', 'cdp'],
    ['Climate Action 100+', 'climate_action_100'],
    ['race_to_zero', 'race_to_zero'],
    ['UN PRI', 'pri'],
    ['RBA', 'responsible_business_alliance'],
    ['Responsible Labour Initiative', 'responsible_labor_initiative'],
    ['reduction_action', 'reduction_action'],
    ['Reduction actions', 'reduction_action'],
    // Its full name with the abbreviation after it, as reports write it.
    ['Science Based Targets initiative (SBTi)', 'sbti'],
    ['Principles for Responsible Investment (PRI)', 'pri'],
    ['SBTi (Science Based Targets initiative)', 'sbti'],
  ])('%s -> %s', (name, key) => {
    expect(parseInitiative(name)).toBe(key);
  });

  test('every contract key is accepted as itself, and FLAGS has the 13 in the service order, then reduction action', () => {
    for (const key of INITIATIVE_KEYS) expect(parseInitiative(key)).toBe(key);
    expect(FLAG_KEYS).toEqual([...INITIATIVE_KEYS, 'reduction_action']);
  });

  test.each(BAD_INITIATIVES.map((bad) => [bad.label, bad.input, bad.message] as const))(
    '%s is refused',
    (_label, input, message) => {
      expect(() => parseInitiative(input)).toThrow(new ArgumentError(message));
    },
  );
});

describe('PROFILE fields', () => {
  const keys = (value: unknown) => parseFields(value)?.map((field) => field.key) ?? null;

  test('omitted or blank means "the whole profile"', () => {
    expect(keys(undefined)).toBeNull();
    expect(keys(null)).toBeNull();
    expect(keys([['', null]])).toBeNull();
  });

  test('comma or semicolon separated, any case and spacing, aliases and initiative names', () => {
    expect(keys('score, Percentile; industry rank,SBTi,Climate Pledge,country,matched')).toEqual([
      'score',
      'percentile',
      'industry_rank',
      'sbti',
      'climate_pledge',
      'hq_region',
      'matched_name',
    ]);
  });

  test('the names the pane and the cards show: "Climate score" is the score', () => {
    expect(keys('Climate score, Profile link, Industry mean score')).toEqual(['score', 'link', 'industry_mean']);
  });

  test('a range of names, blanks skipped', () => {
    expect(
      keys([
        ['score', null, 'link'],
        ['', 'status', ''],
      ]),
    ).toEqual(['score', 'link', 'status']);
  });

  test('groups: flags (FLAGS order) and all (every field of the record)', () => {
    expect(keys('flags')).toEqual([...FLAG_KEYS]);
    expect(keys('all')).toEqual(PROFILE_FIELDS.map((field) => field.key));
    expect(PROFILE_FIELDS.map((field) => field.key)).toEqual([
      'id',
      'name',
      'website',
      'hq_region',
      'external_id',
      'matched_id',
      'matched_name',
      'relationship',
      'match',
      'match_similarity',
      'industry',
      'industry_id',
      'industry_mean',
      'score',
      'percentile',
      'rank',
      'industry_rank',
      'region_rank',
      'status',
      'link',
      ...FLAG_KEYS,
    ]);
    expect(FLAG_HEADERS).toHaveLength(14);
  });

  test('an unknown field lists the mnemonics', () => {
    expect(() => parseFields('score,carbon')).toThrow(
      new ArgumentError(`Unknown field "carbon". Use: ${PROFILE_FIELDS.map((f) => f.key).join(', ')}, or flags / all.`),
    );
  });

  test('a number or an error among the fields', () => {
    expect(() => parseFields([['score', 5]])).toThrow(
      new ArgumentError('The fields must be field names such as score or sbti, not 5.'),
    );
    expect(() => parseFields('#REF!')).toThrow(
      new ArgumentError('The fields must be field names such as score or sbti, not #REF!.'),
    );
  });
});
