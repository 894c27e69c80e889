/**
 * The matches the analyst accepted in this workbook, as MATCH asks about them: by normalized input
 * and matched organization id. The pairs live in the document settings (src/office); the lookup is
 * rebuilt only when this runtime wrote a pair or on first use, not per cell.
 */
import {
  acceptedInThisRuntime,
  acceptedMatchesVersion,
  forgetAcceptedMatches,
  hasDocumentSettings,
  readAcceptedMatches,
} from '../../office/documentSettings';
import { normalizeName } from './nameMatch';

const pairKey = (input: string, organization: number): string => `${organization}\u0000${normalizeName(input)}`;

let lookup: { version: number; keys: Set<string> } | null = null;

export function isAcceptedMatch(input: string, organization: number): boolean {
  // Before Office is ready there is no document to read: nothing is kept, the next cell asks again.
  if (!hasDocumentSettings()) return false;
  const version = acceptedMatchesVersion();
  if (lookup === null || lookup.version !== version) {
    lookup = { version, keys: new Set(readAcceptedMatches().map((pair) => pairKey(pair.input, pair.organization))) };
  }
  return lookup.keys.has(pairKey(input, organization));
}

/**
 * The pair is accepted in the workbook, but not by the person using this runtime: it came with the
 * file, which anyone can write. The review lists it (evidence, not proof) and offers to clear it.
 */
export function acceptedWithFile(input: string, organization: number): boolean {
  if (!isAcceptedMatch(input, organization)) return false;
  const key = pairKey(input, organization);
  return !acceptedInThisRuntime().some((pair) => pairKey(pair.input, pair.organization) === key);
}

/** Takes the pair (any spelling of the input that reads the same) out of the workbook's accepted matches. */
export function clearAcceptedMatch(input: string, organization: number): Promise<void> {
  const key = pairKey(input, organization);
  return forgetAcceptedMatches((pair) => pairKey(pair.input, pair.organization) === key);
}
