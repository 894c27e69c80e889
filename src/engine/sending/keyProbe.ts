/**
 * Whether the current key may use the whole window, and what is remembered of it (keyMemory.ts).
 * A key goes through three states:
 * - `recalling`: its memory (a hash and one storage read) is being read; nothing is sent meanwhile,
 *   however long the CPU takes, so a key that worked before is never probed for want of time;
 * - `unconfirmed`: not seen to work here: a single small batch probes it (a wrong key costs one request);
 * - `confirmed`: answered, in this session or (per the memory) an earlier one: the whole window.
 * A key saved while the runtime runs is checked at once (`keyCheck`) when nothing else would probe it.
 */
import type { Task } from './task';
import type { KnownKey } from '../flow/keyMemory';
import type { AimdLimiter } from '../flow/limiter';

export type KeyState = 'recalling' | 'unconfirmed' | 'confirmed';

export class KeyProbe {
  private key: KnownKey | null = null;
  private current: KeyState = 'unconfirmed';
  /**
   * Bumped by each change of key (or service, or a refused key tried again): a batch sent with an
   * earlier key confirms nothing about this one. Not the cache scope's generation (lifecycle.ts),
   * which moves on other changes (private performances) and not on a key within public figures.
   */
  private keyGeneration = 0;

  constructor(private readonly limiter: AimdLimiter) {}

  get state(): KeyState {
    return this.current;
  }

  /** Which key a batch is sent with, to hand back to `answered`. */
  get generation(): number {
    return this.keyGeneration;
  }

  /**
   * A new key (or service): its memory is read, then `recalled` runs (also when the memory cannot be
   * read: the key is then probed as one never seen). Resolves once the state is known.
   */
  async change(key: KnownKey | null, recalled: () => void): Promise<void> {
    this.key = key;
    this.keyGeneration += 1;
    this.current = key === null ? 'unconfirmed' : 'recalling';
    if (key === null) return recalled();
    const window = await key.recall().catch(() => null);
    if (this.key !== key) return; // replaced meanwhile: the newer change decides
    if (window === null) this.current = 'unconfirmed';
    else {
      this.current = 'confirmed'; // worked here before: no probe, and the window it sustained
      this.limiter.startAt(window);
    }
    recalled();
  }

  /**
   * A batch sent with this key (`generation`) was answered. `clean`: nothing in it asked to wait or
   * retry, so after a probe the window opens to the `backlog` (full batches waiting). The memory keeps
   * the window now sustained.
   */
  answered(generation: number, clean: boolean, backlog: number): void {
    if (generation !== this.keyGeneration) return;
    if (this.current === 'unconfirmed' && clean) this.limiter.open(backlog);
    this.current = 'confirmed';
    this.key?.worked(this.limiter.sustained);
  }

  /** The key was refused (401): forgotten, here and in the memory. */
  refused(): void {
    this.key?.refused();
    this.current = 'unconfirmed';
  }
}

/**
 * The request that checks a key when no cell asks anything: the first page of industries (what the
 * pane's "Test connection" reads). Its answer is not kept; it is sent once and never retried (a check
 * that fails leaves the key to the first sheet's probe, as before).
 */
export function keyCheck(): Task {
  return {
    item: { url: '/industries?page=1', method: 'GET' },
    attempts: 0,
    wanted: () => false,
    accept: () => true,
    fail: () => undefined,
    dropped: () => undefined,
  };
}
