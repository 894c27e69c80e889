/**
 * The Projects section's words, pure of the page: which saved project is active (the one whose key is
 * the current key), what the workbook line says about the project the workbook remembers, and each
 * project's line in the list.
 */
import type { Settings } from '../../settings/settings';
import { sameProject, type SavedProject } from '../common/projectStore';

/** The active saved project: the one whose key is the current key. */
export function activeProject(projects: SavedProject[], settings: Settings): SavedProject | null {
  return projects.find((project) => project.apiKey === settings.apiKey) ?? null;
}

/** What the pane says about the workbook's project (remembered by id and name in its document settings). */
export function workbookProjectLine(
  projects: SavedProject[],
  workbook: { available: boolean; remembered: { id: string | null; name: string } | null },
): string {
  if (!workbook.available) return 'Outside Excel: no workbook to remember the project.';
  const remembered = workbook.remembered;
  if (!remembered) return 'This workbook has no project yet.';
  if (projects.some((project) => sameProject(project, remembered)))
    return `This workbook uses project ${remembered.name}.`;
  return (
    `This workbook uses project ${remembered.name}, which is not saved on this computer: ` +
    'add it below with its key.'
  );
}

/** "id 42 · private performances on", or '' when there is nothing to say. */
export function projectMeta(project: SavedProject): string {
  return [project.id ? `id ${project.id}` : null, project.privatePerformances ? 'private performances on' : null]
    .filter(Boolean)
    .join(' · ');
}
