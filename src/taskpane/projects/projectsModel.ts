/**
 * The Projects section's words, pure of the page: which saved project is active (the one whose key is
 * the chosen key), what using one puts in the settings, each project's line in the list, and what Use
 * and Remove say. The workbook line is workbookProject.ts.
 */
import type { SessionChoice, Settings } from '../../settings/settings';
import type { SavedProject } from '../common/projectStore';
import { enteredFor } from '../../settings/keyOrigin';
import { t } from '../../i18n/translate';

/** The project is the one in use: its key is the key chosen (`SettingsStore.chosenKey`), in force or held back. */
export function isInUse(project: SavedProject, chosenKey: string | null): boolean {
  return project.apiKey === chosenKey;
}

/** The active saved project. */
export function activeProject(projects: SavedProject[], chosenKey: string | null): SavedProject | null {
  return projects.find((project) => isInUse(project, chosenKey)) ?? null;
}

/**
 * What using a project puts in the settings: its key with the origin it was entrusted to, so that at
 * another address (or with none recorded) the key is held back until the person confirms it there.
 */
export function projectKey(
  project: SavedProject,
): Required<Pick<SessionChoice, 'apiKey' | 'apiKeyOrigin' | 'project'>> {
  return { apiKey: project.apiKey, apiKeyOrigin: project.origin, project: { id: project.id, name: project.name } };
}

/** After a switch, the status line's sentence while the key is held back: where the person confirms it. */
export function heldNote(held: { savedFor: string | null; service: string }): string {
  return t('projects.heldNote', {
    enteredFor: enteredFor(held.savedFor),
    service: held.service,
    send: t('connection.held.send', { service: held.service }),
  });
}

/** "id 42 · private performances on", or '' when there is nothing to say. */
export function projectMeta(project: SavedProject): string {
  return [
    project.id ? t('projects.meta.id', { id: project.id }) : null,
    project.privatePerformances ? t('projects.meta.private') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The status line after Remove. When the project was the one in use, its key stopped (`stoppedInUse`)
 * and the line says what the cells use now: the computer's saved project (after a workbook's session
 * choice), another key under Connection, or none.
 */
export function removedMessage(name: string, stoppedInUse: boolean, now: Settings): string {
  if (!stoppedInUse) return t('projects.removed', { name });
  if (now.project) return t('projects.removed.nowProject', { name, project: now.project.name });
  return t(now.apiKey ? 'projects.removed.nowKey' : 'projects.removed.noKey', { name });
}

/** Create's refusal of a remembered team key at an address other than the one it was typed at. */
export function teamKeyElsewhere(typedAt: string | null, service: string): string {
  return t('projects.teamKeyElsewhere', { enteredFor: enteredFor(typedAt), service });
}
