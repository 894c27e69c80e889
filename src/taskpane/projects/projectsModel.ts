/**
 * The Projects section's words, pure of the page: which saved project is active (the one whose key is
 * the current key) and each project's line in the list. The workbook line is workbookProject.ts.
 */
import type { Settings } from '../../settings/settings';
import type { SavedProject } from '../common/projectStore';

/** The active saved project: the one whose key is the current key. */
export function activeProject(projects: SavedProject[], settings: Settings): SavedProject | null {
  return projects.find((project) => project.apiKey === settings.apiKey) ?? null;
}

/** "id 42 · private performances on", or '' when there is nothing to say. */
export function projectMeta(project: SavedProject): string {
  return [project.id ? `id ${project.id}` : null, project.privatePerformances ? 'private performances on' : null]
    .filter(Boolean)
    .join(' · ');
}
