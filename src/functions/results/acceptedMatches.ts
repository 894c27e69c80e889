/**
 * The matches the analyst accepted in this workbook, as MATCH asks about them: by normalized input
 * and matched organization id. The pairs live in the document settings (src/office); the lookup is
 * rebuilt only when this runtime wrote a pair or on first use, not per cell.
 */
import { acceptedMatchesVersion, hasDocumentSettings, readAcceptedMatches } from '../../office/documentSettings';
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
