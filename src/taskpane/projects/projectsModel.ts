/**
 * The Projects section's words, pure of the page: which saved project is active (the one whose key is
 * the current key), each project's line in the list, and what Remove says. The workbook line is
 * workbookProject.ts.
 */
import type { Settings } from '../../settings/settings';
import type { SavedProject } from '../common/projectStore';

/** The project is the one in use: its key is the current key. */
export function isInUse(project: SavedProject, settings: Settings): boolean {
  return project.apiKey === settings.apiKey;
}

/** The active saved project. */
export function activeProject(projects: SavedProject[], settings: Settings): SavedProject | null {
  return projects.find((project) => isInUse(project, settings)) ?? null;
}

/** "id 42 · private performances on", or '' when there is nothing to say. */
export function projectMeta(project: SavedProject): string {
  return [project.id ? `id ${project.id}` : null, project.privatePerformances ? 'private performances on' : null]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The status line after Remove. When the project was the one in use, its key stopped (`stoppedInUse`)
 * and the line says what the cells use now: the computer's saved project (after a workbook's session
 * choice), another key under Connection, or none.
 */
export function removedMessage(name: string, stoppedInUse: boolean, now: Settings): string {
  const removed = `Removed project ${name} from this computer.`;
  if (!stoppedInUse) return removed;
  const stopped = `${removed} It was the project in use: its key is no longer sent, and`;
  if (now.project) return `${stopped} cells use project ${now.project.name} now.`;
  if (now.apiKey) return `${stopped} cells use the key under Connection now.`;
  return `${stopped} no API key is set. Choose Use on another project, or enter a key under Connection.`;
}
