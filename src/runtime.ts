/**
 * The one place the runtime is assembled: the engine of this runtime, wired to Office (recalculation)
 * and to the settings' storage. It sits above the parts it assembles, so src/engine needs none of
 * them. In the shared runtime the custom functions and the task pane run in one JavaScript context, so
 * both get this one instance: one queue, one cache, one key.
 */
import { createEngine, type Engine } from './engine';
import { sentences } from './i18n/sentences';
import { t } from './i18n/translate';
import { recalculateWaitingCells } from './office/excelCalculate';
import { bringCellsUpToDate } from './office/reopenedCells';
import { SettingsStore } from './settings/settings';
import { defaultStorage } from './settings/storage';

let runtime: { settings: SettingsStore; engine: Engine } | null = null;

function shared(idle: boolean): { settings: SettingsStore; engine: Engine } {
  if (runtime === null) {
    const settings = new SettingsStore(defaultStorage());
    runtime = { settings, engine: createEngine({ settings, recalculate: recalculateWaitingCells, idle }) };
    // said while the cache loads, before any pane may be open: kept for the Activity section
    runtime.engine.subscribe((event) => {
      if (event.type !== 'storage-unanswered') return;
      note(sentences(event.message, t('runtime.cacheBypassed')));
    });
  }
  return runtime;
}

/**
 * Makes the engine as the functions' script loads, so that its settings and cache (a reopened
 * workbook's 100,000 records) are read while Excel is still getting ready to calculate: Excel's first
 * calls then find them loaded and are answered at once. Nothing is asked of the service until a cell
 * or the pane uses the engine (`runtimeEngine`).
 */
export function preloadRuntime(): void {
  const { engine, settings } = shared(true);
  // A workbook opened with its runtime: once the cache is in, its CLIMATE cells are brought up to date
  // where Excel does not calculate them itself (reopenedCells.ts).
  void bringCellsUpToDate({
    loaded: engine.loading() ?? Promise.resolve(),
    cacheTtlMs: () => settings.current().cacheTtlMs,
    say: note,
  });
}

/** What the runtime did on its own, for the pane's Activity: every line so far, and who listens. */
const notes: string[] = [];
const noteListeners = new Set<(line: string) => void>();

function note(line: string): void {
  notes.push(line);
  for (const listener of noteListeners) listener(line);
}

/** The runtime's lines so far, then each new one as it comes. */
export function followRuntimeNotes(listener: (line: string) => void): void {
  for (const line of notes) listener(line);
  noteListeners.add(listener);
}

/** The engine of this runtime, in use from now on. */
export function runtimeEngine(): Engine {
  const { engine } = shared(false);
  engine.use();
  return engine;
}

/** The settings the runtime engine follows: the task pane writes here. */
export function runtimeSettings(): SettingsStore {
  return shared(false).settings;
}
