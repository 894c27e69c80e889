/**
 * Timers named for what they wait for, at most one per name: starting a wait replaces the one of that
 * name, so a wait is never doubled and can be stopped by what it waits for.
 */
import { timerDelay } from '../flow/backoff';

export class NamedTimers<Name extends string> {
  private readonly timers = new Map<Name, ReturnType<typeof setTimeout>>();

  isWaiting(name: Name): boolean {
    return this.timers.has(name);
  }

  /** `then` runs after `ms` (a delay setTimeout honours), unless stopped or replaced first. */
  waitFor(name: Name, ms: number, then: () => void): void {
    this.stop(name);
    this.timers.set(
      name,
      setTimeout(() => {
        this.timers.delete(name);
        then();
      }, timerDelay(ms)),
    );
  }

  stop(name: Name): void {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }

  stopAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
