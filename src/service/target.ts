/**
 * The one rule for a request target (a request's path, a batch item's url, a page link followed): a
 * path under the service address and nothing that a URL parser could read as leaving it. A backslash
 * reads as `/` to WHATWG URL parsers (`/\evil.example/x` is `//evil.example/x`, another host); a dot
 * segment, also percent-encoded (`/../x`, `/%2e%2e/x`), climbs out of the base URL's path; a control
 * character can split a request line or a header.
 */

import { t, type MessageKey } from '../i18n/translate';
import { CONTROL_CHARACTER } from '../text/invisibleCharacters';

const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

/** Why `target` may not be sent (the message saying so), or null when it may. */
function targetProblem(target: string): MessageKey | null {
  if (!target.startsWith('/') || target.startsWith('//')) return 'service.target.notUnder';
  if (target.includes('\\')) return 'service.target.backslash';
  if (CONTROL_CHARACTER.test(target)) return 'service.target.control';
  const path = target.split(/[?#]/, 1)[0];
  if (path.split('/').some((segment) => DOT_SEGMENT.test(segment))) return 'service.target.dotSegment';
  return null;
}

/** Throws, before anything is sent, when `target` breaks the rule; the message shows it escaped. */
export function checkTarget(target: string): void {
  const problem = targetProblem(target);
  if (problem === null) return;
  const shown = JSON.stringify(target.length > 200 ? `${target.slice(0, 200)}…` : target);
  throw new Error(t(problem, { target: shown }));
}
