/** What the sandbox prints when it starts: where it is, the demo keys, and the knobs in force. */
import { ADMIN_PREFIX } from '../faults/adminRoutes';
import { SANDBOX_PROJECT_KEY, SANDBOX_TEAM_KEY } from '../service/keys';
import { SandboxKnobs } from '../faults/knobs';

export function formatBanner(url: string, organizations: number, seed: number, knobs: Readonly<SandboxKnobs>): string {
  const knobText = Object.entries(knobs)
    .map(
      ([name, value]) => `${name}=${Array.isArray(value) ? `[${value.length} keys]` : value === null ? 'off' : value}`,
    )
    .join(' ');
  return [
    `Climate profile sandbox listening on ${url}`,
    `  project key  ${SANDBOX_PROJECT_KEY}   (Authorization: Bearer ${SANDBOX_PROJECT_KEY})`,
    `  team key     ${SANDBOX_TEAM_KEY}      (POST /projects only)`,
    `  population   ${organizations} fictional organizations, seed ${seed}`,
    `  knobs        ${knobText}`,
    `  sandbox      ${url}${ADMIN_PREFIX}/stats, /config, /reset, /clock (no key; not part of the service)`,
    '',
  ].join('\n');
}
