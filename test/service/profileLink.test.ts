/**
 * The profile-link rule judged by a link's authority (records decoded from an answer) and by a stored
 * prefix and tail (the engine's cache): the verdict is the one the whole-link rule (a URL parsed)
 * gives, for every pairing of ordinary and hostile prefixes and tails, whether the prefix's verdict was
 * remembered or not.
 */
import {
  isProfileLink,
  joinedProfileLinkOrNull,
  MAX_PROFILE_LINK_LENGTH,
  profileLinkOrNull,
} from '../../src/service/profileLink';

/** The whole-link rule: the link parsed as a URL, every time. */
const parsedVerdict = (link: string): string | null => (isProfileLink(link) ? link : null);

const PREFIXES = [
  'https://profiles.example/organizations/',
  'HTTPS://Profiles.Example/',
  'https://profiles.example:8443/o/',
  'https://profiles.example/?q=',
  'https://', // the host in the tail
  'https://profiles.example', // the host open: a tail can extend it
  'https://user:secret@profiles.example/',
  'https://@profiles.example/',
  'https://profiles.example:99999/',
  'https://[::1]/',
  'http://profiles.example/',
  'javascript:alert(1)//',
  'https:\\\\attacker.example\\',
  'https://pro files.example/',
  '',
];
const TAILS = [
  '7-acme',
  '',
  'evil.example/x',
  '.evil.example/',
  '@evil.example/',
  ':secret@evil.example/',
  '//evil.example/',
  '\\\\evil.example\\share',
  'a b',
  'tab\there',
  'line\nbreak',
  'nul\u0000',
  'del\u007f',
  '%zz?x=1#frag',
  'ünïcödé/名前',
  'a'.repeat(MAX_PROFILE_LINK_LENGTH),
  'a'.repeat(MAX_PROFILE_LINK_LENGTH - 'https://profiles.example/organizations/'.length),
];

test.each(PREFIXES)('prefix %j: every tail gets the whole link’s verdict, the first time and after', (prefix) => {
  for (let round = 0; round < 2; round += 1) {
    for (const tail of TAILS) {
      const link = prefix + tail;
      expect([tail, joinedProfileLinkOrNull(prefix, tail)]).toEqual([tail, parsedVerdict(link)]);
      expect([tail, profileLinkOrNull(link)]).toEqual([tail, parsedVerdict(link)]);
    }
  }
});

test('the ordinary case passes: a profile address of the service', () => {
  expect(joinedProfileLinkOrNull('https://profiles.example/organizations/', '7-acme')).toBe(
    'https://profiles.example/organizations/7-acme',
  );
});

test('a store of many prefixes is judged the same once the remembered verdicts are full', () => {
  for (let i = 0; i < 200; i += 1) {
    const prefix = i % 2 === 0 ? `https://host${i}.example/` : `https://user:pw@host${i}.example/`;
    expect(joinedProfileLinkOrNull(prefix, 'x')).toBe(parsedVerdict(`${prefix}x`));
    expect(profileLinkOrNull(`${prefix}y`)).toBe(parsedVerdict(`${prefix}y`));
  }
});
