/**
 * The bench's sandbox, on a thread of its own (remoteSandbox.ts starts it): the service is another
 * machine, so its answers must not wait for the add-in's calculation to yield. Answers the main
 * thread's questions (stats, their reset, the knobs, close) by message.
 */
import { parentPort, workerData } from 'worker_threads';
import { startSandbox, type SandboxOptions } from '../../tools/sandbox/server/server';

export interface SandboxQuestion {
  id: number;
  ask: 'stats' | 'resetStats' | 'knobs' | 'close';
}

async function main(): Promise<void> {
  const port = parentPort!;
  const sandbox = await startSandbox(workerData as SandboxOptions);
  port.on('message', async ({ id, ask }: SandboxQuestion) => {
    if (ask === 'stats') port.postMessage({ id, answer: sandbox.stats() });
    else if (ask === 'knobs') port.postMessage({ id, answer: sandbox.knobs() });
    else if (ask === 'resetStats') port.postMessage({ id, answer: sandbox.resetStats() });
    else {
      await sandbox.close();
      port.postMessage({ id, answer: null });
    }
  });
  port.postMessage({ id: 0, answer: { url: sandbox.url } });
}

main().catch((error: unknown) => parentPort!.postMessage({ id: 0, error: String((error as Error)?.stack ?? error) }));
