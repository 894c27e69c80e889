/**
 * What the engine remembers of a service between sessions, per base URL: that a key worked there, and
 * the batches in flight the service last sustained. The key itself is never written here (it stays in
 * the settings): only its fingerprint (keyFingerprint.ts).
 * A known key skips the probe batch and starts at that window; a 401 forgets it.
 */
import type { KeyValueStorage } from '../../settings/storage';
import { keyFingerprint } from './keyFingerprint';

export const KEY_MEMORY_STORAGE_KEY = 'climate.engine.services.v1';
/** Services remembered at most (the most recently confirmed kept). */
const MAX_SERVICES = 8;

interface Remembered {
  /** Fingerprint of the key that worked. */
  f: string;
  /** Batches in flight the service sustained. */
  w: number;
}

/** One key at one base URL, as the dispatcher sees it. */
export interface KnownKey {
  /** The window to start at when this key has worked here before; null when it has not. */
  recall(): Promise<number | null>;
  /** Answered with this key: remember it, with the window now sustained. */
  worked(window: number): void;
  /** Refused (401): forget it. */
  refused(): void;
}

/** The window an entry holds; null when it holds no count of batches (storage is read, not trusted). */
function rememberedWindow(entry: unknown): number | null {
  const window = (entry as Partial<Remembered> | null)?.w;
  return Number.isSafeInteger(window) && (window as number) >= 1 ? (window as number) : null;
}

export class KeyMemory {
  private memory: Promise<Record<string, Remembered>> | null = null;
  /** Writes in order, each of the whole (small) map. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly storage: KeyValueStorage) {}

  forKey(baseUrl: string, apiKey: string | null): KnownKey | null {
    if (!apiKey) return null;
    const print = keyFingerprint(baseUrl, apiKey).catch(() => null);
    let written = 0;
    return {
      recall: async () => {
        const known: unknown = (await this.read())[baseUrl];
        if (known === undefined) return null; // nothing to compare: no need to wait for the hash
        const window = rememberedWindow(known);
        return window !== null && (await print) === (known as Remembered).f ? window : null;
      },
      worked: (window) => {
        if (window === written) return;
        written = window;
        this.change(async (memory) => {
          const f = await print;
          if (f === null) return false;
          delete memory[baseUrl]; // re-inserted last: the most recently confirmed
          memory[baseUrl] = { f, w: window };
          for (const url of Object.keys(memory).slice(0, -MAX_SERVICES)) delete memory[url];
          return true;
        });
      },
      refused: () => {
        written = 0;
        this.change(async (memory) => delete memory[baseUrl]);
      },
    };
  }

  private read(): Promise<Record<string, Remembered>> {
    this.memory ??= this.storage
      .getItem(KEY_MEMORY_STORAGE_KEY)
      .then(
        (raw) => {
          const parsed = raw === null ? null : (JSON.parse(raw) as unknown);
          return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
            ? (parsed as Record<string, Remembered>)
            : {};
        },
        () => ({}),
      )
      .catch(() => ({}));
    return this.memory;
  }

  private change(edit: (memory: Record<string, Remembered>) => Promise<boolean>): void {
    this.writing = this.writing
      .then(async () => {
        const memory = await this.read();
        if (await edit(memory)) await this.storage.setItem(KEY_MEMORY_STORAGE_KEY, JSON.stringify(memory));
      })
      .catch(() => undefined); // storage refused: the next session probes, as without memory
  }
}
