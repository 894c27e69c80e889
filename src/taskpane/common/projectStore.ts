/**
 * The projects the analyst created or pasted, kept in settings storage on this computer (never in the
 * workbook): name, id and project key, plus whether "private performances" is on for each. The team
 * key is kept only when the analyst ticks "remember".
 */
import { SPECS } from '../../settings/definitions';
import type { KeyValueStorage } from '../../settings/storage';

export interface SavedProject {
  id: string | null;
  name: string;
  apiKey: string;
  privatePerformances: boolean;
}

export const PROJECTS_STORAGE_KEY = 'climate.pane.projects';
export const TEAM_KEY_STORAGE_KEY = 'climate.pane.teamKey';

/** Same project: same id when both have one, else same name (case-insensitive). */
export function sameProject(a: { id: string | null; name: string }, b: { id: string | null; name: string }): boolean {
  if (a.id !== null && b.id !== null) return a.id === b.id;
  return a.name.trim().toLowerCase() === b.name.trim().toLowerCase();
}

function decode(raw: string | null): SavedProject[] {
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    if (!Array.isArray(list)) return [];
    return list.flatMap((item): SavedProject[] => {
      const { id, name, apiKey, privatePerformances } = (item ?? {}) as Record<string, unknown>;
      if (typeof name !== 'string' || typeof apiKey !== 'string' || !name || !apiKey) return [];
      return [
        { id: typeof id === 'string' ? id : null, name, apiKey, privatePerformances: privatePerformances === true },
      ];
    });
  } catch {
    return []; // a damaged entry must not stop the pane; the analyst can add the project again
  }
}

export class ProjectStore {
  constructor(private readonly storage: KeyValueStorage) {}

  async list(): Promise<SavedProject[]> {
    return decode(await this.storage.getItem(PROJECTS_STORAGE_KEY));
  }

  /**
   * Adds the project, or replaces the saved one it matches. Its name and key meet the settings' rules
   * here (typed in the pane or sent by the service), so that using it later cannot fail on them.
   */
  async save(project: SavedProject): Promise<SavedProject[]> {
    const { name } = SPECS.project.check({ id: project.id, name: project.name })!;
    const apiKey = SPECS.apiKey.check(project.apiKey);
    if (apiKey === null) throw new Error('The project needs its API key.');
    const entry = { ...project, name, apiKey };
    const list = (await this.list()).filter((saved) => !sameProject(saved, entry));
    list.push(entry);
    await this.storage.setItem(PROJECTS_STORAGE_KEY, JSON.stringify(list));
    return list;
  }

  async remove(project: { id: string | null; name: string }): Promise<SavedProject[]> {
    const list = (await this.list()).filter((saved) => !sameProject(saved, project));
    await this.storage.setItem(PROJECTS_STORAGE_KEY, JSON.stringify(list));
    return list;
  }

  async teamKey(): Promise<string | null> {
    return this.storage.getItem(TEAM_KEY_STORAGE_KEY);
  }

  /** Keeps the team key, or forgets it with null. */
  async rememberTeamKey(key: string | null): Promise<void> {
    if (key) await this.storage.setItem(TEAM_KEY_STORAGE_KEY, key);
    else await this.storage.removeItem(TEAM_KEY_STORAGE_KEY);
  }
}
