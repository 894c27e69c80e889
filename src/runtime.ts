/**
 * The one place the runtime is assembled: the engine of this runtime, wired to Office (recalculation)
 * and to the settings' storage. It sits above the parts it assembles, so src/engine needs none of
 * them. In the shared runtime the custom functions and the task pane run in one JavaScript context, so
 * both get this one instance: one queue, one cache, one key.
 */
import { createEngine, type Engine } from './engine';
import { recalculateWaitingCells } from './office/excelCalculate';
import { SettingsStore } from './settings/settings';
import { defaultStorage } from './settings/storage';

let runtime: { settings: SettingsStore; engine: Engine } | null = null;

function shared(): { settings: SettingsStore; engine: Engine } {
  if (runtime === null) {
    const settings = new SettingsStore(defaultStorage());
    runtime = { settings, engine: createEngine({ settings, recalculate: recalculateWaitingCells }) };
  }
  return runtime;
}

export function runtimeEngine(): Engine {
  return shared().engine;
}

/** The settings the runtime engine follows: the task pane writes here. */
export function runtimeSettings(): SettingsStore {
  return shared().settings;
}
