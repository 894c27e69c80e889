/** Tasks waiting out a back-off before they are queued again: one timer per group that failed together. */
import type { Task } from './task';

export class RetryWaits {
  private readonly groups = new Map<ReturnType<typeof setTimeout>, Task[]>();

  /** Tasks waiting, over every group. */
  get count(): number {
    let total = 0;
    for (const tasks of this.groups.values()) total += tasks.length;
    return total;
  }

  /** `tasks` go to `due` after `delayMs`. */
  add(tasks: Task[], delayMs: number, due: (tasks: Task[]) => void): void {
    const timer = setTimeout(() => {
      this.groups.delete(timer);
      due(tasks);
    }, delayMs);
    this.groups.set(timer, tasks);
  }

  /** Ends every wait; returns the tasks that were waiting. */
  drain(): Task[] {
    const tasks: Task[] = [];
    for (const [timer, group] of this.groups) {
      clearTimeout(timer);
      tasks.push(...group);
    }
    this.groups.clear();
    return tasks;
  }
}
