/**
 * The projects the analyst created or pasted, kept in settings storage on this computer (never in the
 * workbook): name, id, project key and the origin the key was entrusted to (the service address it was
 * created or added at), plus whether "private performances" is on for each. A name is
 * one project's (any case): saving never replaces another project, so no saved key or id is lost. The
 * team key is kept only when the analyst ticks "remember", with the origin it was typed at.
 */
import { SPECS } from '../../settings/definitions';
import { checkOrigin } from '../../settings/keyOrigin';
import type { KeyValueStorage } from '../../settings/storage';
import { t } from '../../i18n/translate';

export interface SavedProject {
  id: string | null;
  name: string;
  apiKey: string;
  /** Where the key may be sent without asking; null: none yet (saved before projects recorded it). */
  origin: string | null;
  privatePerformances: boolean;
}

/** The team key kept on request, and where it may be sent (null: nowhere without typing it again). */
export interface RememberedTeamKey {
  key: string;
  origin: string | null;
}

export const PROJECTS_STORAGE_KEY = 'climate.pane.projects';
export const TEAM_KEY_STORAGE_KEY = 'climate.pane.teamKey';

type ProjectRef = { id: string | null; name: string };

const sameName = (a: ProjectRef, b: ProjectRef): boolean => a.name.trim().toLowerCase() === b.name.trim().toLowerCase();
/** The service's id: only a project the service sent with a saved project's id is that project again. */
const sameId = (a: ProjectRef, b: ProjectRef): boolean => a.id !== null && a.id === b.id;

/** A saved origin as the settings check it; anything else is none, so its key is asked for before it is sent. */
function savedOrigin(value: unknown): string | null {
  try {
    return checkOrigin(value);
  } catch {
    return null;
  }
}

/** Same project: same id when both have one, else same name (case-insensitive), which is one project's. */
export function sameProject(a: ProjectRef, b: ProjectRef): boolean {
  if (a.id !== null && b.id !== null) return a.id === b.id;
  return sameName(a, b);
}

/** Refuses a project under the name of another saved one, which it would otherwise stand beside or replace. */
function refuseTakenName(list: readonly SavedProject[], project: ProjectRef): void {
  const taken = list.find((saved) => sameName(saved, project) && !sameId(saved, project));
  if (taken) {
    throw new Error(t('common.project.nameTaken', { name: taken.name }));
  }
}

function decode(raw: string | null): SavedProject[] {
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    if (!Array.isArray(list)) return [];
    return list.flatMap((item): SavedProject[] => {
      const { id, name, apiKey, origin, privatePerformances } = (item ?? {}) as Record<string, unknown>;
      if (typeof name !== 'string' || typeof apiKey !== 'string' || !name || !apiKey) return [];
      const project = { id: typeof id === 'string' ? id : null, name, apiKey, origin: savedOrigin(origin) };
      return [{ ...project, privatePerformances: privatePerformances === true }];
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
   * Adds the project, or replaces the saved one with its id (the service sent it again). Its name and
   * key meet the settings' rules here (typed in the pane or sent by the service), so that using it
   * later cannot fail on them; a name another saved project has is refused (`checkNameFree`).
   */
  async save(project: SavedProject): Promise<SavedProject[]> {
    const { name } = SPECS.project.check({ id: project.id, name: project.name })!;
    const apiKey = SPECS.apiKey.check(project.apiKey);
    if (apiKey === null) throw new Error(t('common.project.needsKey'));
    const entry = { ...project, name, apiKey };
    const saved = await this.list();
    refuseTakenName(saved, entry);
    const list = [...saved.filter((other) => !sameId(other, entry)), entry];
    await this.storage.setItem(PROJECTS_STORAGE_KEY, JSON.stringify(list));
    return list;
  }

  /** Throws the message `save` would give for a new project of this name: before asking the service to make it. */
  async checkNameFree(name: string): Promise<void> {
    refuseTakenName(await this.list(), { id: null, name });
  }

  async setPrivatePerformances(project: ProjectRef, on: boolean): Promise<void> {
    const list = (await this.list()).map((saved) =>
      sameProject(saved, project) ? { ...saved, privatePerformances: on } : saved,
    );
    await this.storage.setItem(PROJECTS_STORAGE_KEY, JSON.stringify(list));
  }

  /** The person confirmed this key for `origin`: every saved project with it is entrusted there from now on. */
  async entrust(apiKey: string, origin: string): Promise<void> {
    const list = (await this.list()).map((saved) => (saved.apiKey === apiKey ? { ...saved, origin } : saved));
    await this.storage.setItem(PROJECTS_STORAGE_KEY, JSON.stringify(list));
  }

  async remove(project: ProjectRef): Promise<SavedProject[]> {
    const list = (await this.list()).filter((saved) => !sameProject(saved, project));
    await this.storage.setItem(PROJECTS_STORAGE_KEY, JSON.stringify(list));
    return list;
  }

  /**
   * The remembered team key and the origin it was typed at; a key remembered before keys recorded
   * theirs (a bare text) or with an origin that does not check has none, and is offered nowhere.
   */
  async teamKey(): Promise<RememberedTeamKey | null> {
    const raw = await this.storage.getItem(TEAM_KEY_STORAGE_KEY);
    if (!raw) return null;
    try {
      const { key, origin } = (JSON.parse(raw) ?? {}) as Record<string, unknown>;
      return typeof key === 'string' && key ? { key, origin: savedOrigin(origin) } : null;
    } catch {
      return { key: raw, origin: null };
    }
  }

  /** Keeps the team key with the origin it was typed at, or forgets it with null. */
  async rememberTeamKey(key: string | null, origin: string): Promise<void> {
    if (key) await this.storage.setItem(TEAM_KEY_STORAGE_KEY, JSON.stringify({ key, origin }));
    else await this.storage.removeItem(TEAM_KEY_STORAGE_KEY);
  }
}
