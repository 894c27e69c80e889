/** The engine's listeners: every event reaches each of them, and stats are sent at most once per interval. */
import type { EngineEvent, EngineStats } from './types';

const STATS_EVENT_MS = 100;

export class EngineEvents {
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  private statsTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly stats: () => EngineStats) {}

  subscribe(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: EngineEvent): void {
    if (this.listeners.size === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // a listener's failure is its own; the engine carries on
      }
    }
  }

  /** At most one stats event per STATS_EVENT_MS, carrying the latest counts. */
  statsChanged(): void {
    if (this.statsTimer || this.listeners.size === 0 || this.stopped) return;
    this.statsTimer = setTimeout(() => {
      this.statsTimer = null;
      this.emit({ type: 'stats', stats: this.stats() });
    }, STATS_EVENT_MS);
  }

  /** No more stats events (the engine is disposed); other events still reach the listeners. */
  stop(): void {
    this.stopped = true;
    if (this.statsTimer) clearTimeout(this.statsTimer);
    this.statsTimer = null;
  }
}
