/**
 * The one rule for a link the service sends that a person may click (an organization's public profile):
 * it reaches the card's Profile property, the logo's target, CLIMATE.LINK, the pane's HYPERLINK formulas
 * and the pane's own links, so anything but a plain absolute https address is dropped where records are
 * decoded. `javascript:`, `data:`, `file:`, UNC paths (`\\host\share`, which can leak Windows
 * credentials when clicked) and plain http never get that far.
 */

/** Longest link kept; longer ones are refused, not cut (a cut link points somewhere else). */
export const MAX_PROFILE_LINK_LENGTH = 2048;

/** The rule in words, for messages: "...one that is not an https address of at most 2,048 characters". */
const LENGTH_IN_WORDS = MAX_PROFILE_LINK_LENGTH.toLocaleString('en-US');
export const PROFILE_LINK_RULE = `not an https address of at most ${LENGTH_IN_WORDS} characters`;

/**
 * True for an absolute https link of at most MAX_PROFILE_LINK_LENGTH characters, with a host and
 * without a user name or password. Whitespace, control characters and backslashes are refused too:
 * URL parsers drop or reinterpret them, so what is checked would not be what Excel opens.
 */
export function isProfileLink(value: string): boolean {
  if (value.length > MAX_PROFILE_LINK_LENGTH || !/^https:\/\//i.test(value)) return false;
  if (/[\s\\\u0000-\u001f\u007f]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

/** The link when it passes the rule, otherwise null (the record then has no profile link). */
export function profileLinkOrNull(value: string | null): string | null {
  return value !== null && isProfileLink(value) ? value : null;
}
