/**
 * Where settings and the persisted cache live. In Office's shared runtime that is
 * `OfficeRuntime.storage` (shared by the functions and the task pane, kept across sessions, never in the
 * workbook); in a plain browser page `localStorage`; in Node (tests, benchmark) a map in memory.
 * Every probe is a guarded `typeof` so that this module loads unchanged in all three.
 */

export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** A storage that forgets everything when the process ends: Node, tests, and the last resort. */
export class MemoryStorage implements KeyValueStorage {
  private readonly items = new Map<string, string>();

  async getItem(key: string): Promise<string | null> {
    return this.items.get(key) ?? null;
  }

  async setItem(key: string, value: string): Promise<void> {
    this.items.set(key, value);
  }

  async removeItem(key: string): Promise<void> {
    this.items.delete(key);
  }

  /** Sum of key and value lengths, to check size bounds in tests. */
  size(): number {
    let total = 0;
    for (const [key, value] of this.items) total += key.length + value.length;
    return total;
  }
}

/** `Storage` (window.localStorage) behind the asynchronous interface. */
class WebStorage implements KeyValueStorage {
  constructor(private readonly storage: Storage) {}

  async getItem(key: string): Promise<string | null> {
    return this.storage.getItem(key);
  }

  async setItem(key: string, value: string): Promise<void> {
    this.storage.setItem(key, value);
  }

  async removeItem(key: string): Promise<void> {
    this.storage.removeItem(key);
  }
}

function officeRuntimeStorage(): KeyValueStorage | null {
  if (typeof OfficeRuntime === 'undefined' || !OfficeRuntime || !OfficeRuntime.storage) return null;
  return OfficeRuntime.storage;
}

function browserLocalStorage(): KeyValueStorage | null {
  try {
    // Reading `window.localStorage` throws in sandboxed frames with storage disabled.
    if (typeof window === 'undefined' || !window.localStorage) return null;
    return new WebStorage(window.localStorage);
  } catch {
    return null;
  }
}

let fallback: MemoryStorage | null = null;

/** OfficeRuntime.storage, else localStorage, else one in-memory storage shared by the whole process. */
export function defaultStorage(): KeyValueStorage {
  return officeRuntimeStorage() ?? browserLocalStorage() ?? (fallback ??= new MemoryStorage());
}
