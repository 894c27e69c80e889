/**
 * The one rule for a request target (a request's path, a batch item's url, a page link followed): a
 * path under the service address and nothing that a URL parser could read as leaving it. A backslash
 * reads as `/` to WHATWG URL parsers (`/\evil.example/x` is `//evil.example/x`, another host); a dot
 * segment, also percent-encoded (`/../x`, `/%2e%2e/x`), climbs out of the base URL's path; a control
 * character can split a request line or a header.
 */

import { CONTROL_CHARACTER } from '../text/invisibleCharacters';

const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

/** Why `target` may not be sent, or null when it may. */
function targetProblem(target: string): string | null {
  if (!target.startsWith('/') || target.startsWith('//')) return 'is not a path under it';
  if (target.includes('\\')) return 'holds a backslash';
  if (CONTROL_CHARACTER.test(target)) return 'holds a control character';
  const path = target.split(/[?#]/, 1)[0];
  if (path.split('/').some((segment) => DOT_SEGMENT.test(segment))) return 'holds a dot segment';
  return null;
}

/** Throws, before anything is sent, when `target` breaks the rule; the message shows it escaped. */
export function checkTarget(target: string): void {
  const problem = targetProblem(target);
  if (problem === null) return;
  const shown = JSON.stringify(target.length > 200 ? `${target.slice(0, 200)}…` : target);
  throw new Error(`A request goes only to a path under the service address: ${shown} ${problem}.`);
}
