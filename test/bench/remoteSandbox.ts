/**
 * A sandbox on another thread, as the service is on another machine: in the bench's own thread its
 * latency timers would fire only when the add-in's calculation yields, and its matching would take
 * the add-in's CPU, so every strategy would be charged for the service's work. The population the
 * cells are judged against is built here from the same seed (it is deterministic).
 */
import {
  Population,
  type SandboxKnobs,
  type SandboxOptions,
  type SandboxStats,
} from '../../tools/sandbox/server/server';
import type { SandboxQuestion } from './sandboxWorker';
import { startTsWorker } from './tsWorker';

export interface RemoteSandbox {
  readonly url: string;
  readonly population: Population;
  stats(): Promise<SandboxStats>;
  resetStats(): Promise<void>;
  knobs(): Promise<SandboxKnobs>;
  close(): Promise<void>;
}

/** Populations built so far, by seed and size: a run starts many sandboxes of one population. */
const populations = new Map<string, Population>();

function populationOf(seed: number, organizations: number): Population {
  const key = `${seed}:${organizations}`;
  let population = populations.get(key);
  if (!population) populations.set(key, (population = new Population({ seed, organizations })));
  return population;
}

/** `options` must name `seed` and `organizations`: the population here is built from them. */
export async function startRemoteSandbox(
  options: SandboxOptions & { seed: number; organizations: number },
): Promise<RemoteSandbox> {
  const worker = await startTsWorker('sandboxWorker.ts', options);
  const ask = <T>(ask: SandboxQuestion['ask']): Promise<T> => worker.ask<T>({ ask });
  return {
    url: (worker.started as { url: string }).url,
    population: populationOf(options.seed, options.organizations),
    stats: () => ask<SandboxStats>('stats'),
    resetStats: () => ask<void>('resetStats'),
    knobs: () => ask<SandboxKnobs>('knobs'),
    close: async () => {
      await ask<null>('close');
      await worker.terminate();
    },
  };
}

/** A remote sandbox for the length of `run`, closed after it. */
export async function withRemoteSandbox<T>(
  options: SandboxOptions & { seed: number; organizations: number },
  run: (sandbox: RemoteSandbox) => Promise<T>,
): Promise<T> {
  const sandbox = await startRemoteSandbox(options);
  try {
    return await run(sandbox);
  } finally {
    await sandbox.close();
  }
}
