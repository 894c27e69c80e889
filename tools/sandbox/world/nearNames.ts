/**
 * Deliberate near-name cases, the way a real resolver produces them: a supplier name that is not
 * registered but is close to a registered one resolves to it, labelled `requested organization`.
 * Every 8th organization that is not a subsidiary has one: its first word and "Group" (Elmport
 * Timber Ltd -> "Elmport Group"). The names share a brand but not a name, so CLIMATE.MATCH says
 * `check`, and the pane's review has real work to show. A near name that is itself a registered
 * name, or that two organizations would share, is left out: an exact name always wins.
 */
import type { SandboxOrganization } from './organizationGenerator';

const EVERY = 8;

/** The near name of an organization, or null when it has none. */
export function nearNameOf(org: SandboxOrganization): string | null {
  if (org.parentId !== null || org.id % EVERY !== 0) return null;
  const words = org.name.split(' ');
  return words.length < 3 ? null : `${words[0]} Group`;
}

/** Near-name key -> organization id, for names keyed the way the population's index keys them. */
export function nearNameIndex(
  orgs: readonly SandboxOrganization[],
  keyOf: (name: string) => string,
): Map<string, number> {
  const registered = new Set(orgs.map((org) => keyOf(org.name)));
  const index = new Map<string, number>();
  const shared = new Set<string>();
  for (const org of orgs) {
    const near = nearNameOf(org);
    if (near === null) continue;
    const key = keyOf(near);
    if (registered.has(key)) continue;
    if (index.has(key)) shared.add(key);
    else index.set(key, org.id);
  }
  for (const key of shared) index.delete(key);
  return index;
}
