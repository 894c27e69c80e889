/**
 * API keys and projects. Project keys open the project-scoped calls; the team key only creates
 * projects. Two demo keys exist from the start; `POST /projects` makes more project keys.
 */
import { randomBytes } from 'crypto';
import { SANDBOX_DEMO_KEY } from '../../../src/service/contract';
import { Project } from '../../../src/service/types';
import { ServiceResponse, authenticationError } from './serviceResponse';

/** The demo project's key: the one the add-in uses by default with the sandbox. */
export const SANDBOX_PROJECT_KEY = SANDBOX_DEMO_KEY;
export const SANDBOX_TEAM_KEY = 'sandbox-team-key';
export const DEMO_PROJECT_ID = 1;
/** The plan's project limit: creating more answers 422. */
export const MAX_PROJECTS = 100;

export type Principal = { kind: 'project'; projectId: number } | { kind: 'team' };
/** Who may call a route: a project key, the team key, or either (the batch, whose items check their own). */
export type KeyScope = 'project' | 'team' | 'any';

export type AuthOutcome = { ok: true; key: string; principal: Principal } | { ok: false; response: ServiceResponse };

export const AUTH_MESSAGES = {
  missing: 'No API key provided. Put your API key in the Authorization header: "Authorization: Bearer <API_KEY>".',
  invalid: 'Invalid API key. Check the API key you provided; it may have been revoked or regenerated.',
  teamKeyOnProjectCall:
    'This call needs a project API key, but a team API key was given. Use the api_key of one of your projects.',
  projectKeyOnTeamCall: 'Creating a project needs a team API key, but a project API key was given.',
};

export class KeyRing {
  private readonly principals = new Map<string, Principal>([
    [SANDBOX_PROJECT_KEY, { kind: 'project', projectId: DEMO_PROJECT_ID }],
    [SANDBOX_TEAM_KEY, { kind: 'team' }],
  ]);
  private readonly projects: Project[] = [
    { id: DEMO_PROJECT_ID, name: 'Sandbox demo project', api_key: SANDBOX_PROJECT_KEY },
  ];

  /** A new project with a fresh key in the real service's format; null once the plan's limit is reached. */
  createProject(name: string): Project | null {
    if (this.projects.length >= MAX_PROJECTS) return null;
    const project: Project = {
      id: this.projects.length + 1,
      name,
      api_key: `dc_sandbox_${randomBytes(32).toString('hex')}`,
    };
    this.projects.push(project);
    this.principals.set(project.api_key, { kind: 'project', projectId: project.id as number });
    return project;
  }

  /**
   * Checks an Authorization header for a route of the given scope. Messages never repeat the key.
   * Revoked keys read as invalid, like a key regenerated in the portal.
   */
  authenticate(authorization: string | undefined, scope: KeyScope, revokedKeys: readonly string[]): AuthOutcome {
    const key = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!key) return { ok: false, response: authenticationError(AUTH_MESSAGES.missing) };
    const principal = revokedKeys.includes(key) ? undefined : this.principals.get(key);
    if (!principal) return { ok: false, response: authenticationError(AUTH_MESSAGES.invalid) };
    if (scope === 'project' && principal.kind !== 'project') {
      return { ok: false, response: authenticationError(AUTH_MESSAGES.teamKeyOnProjectCall) };
    }
    if (scope === 'team' && principal.kind !== 'team') {
      return { ok: false, response: authenticationError(AUTH_MESSAGES.projectKeyOnTeamCall) };
    }
    return { ok: true, key, principal };
  }
}
