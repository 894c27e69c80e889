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
  const answer = async (ask: SandboxQuestion['ask']): Promise<unknown> => {
    if (ask === 'stats') return sandbox.stats();
    if (ask === 'knobs') return sandbox.knobs();
    if (ask === 'resetStats') return sandbox.resetStats();
    await sandbox.close();
    return null;
  };
  // A failure is posted back as the answer's error: the asker would otherwise wait for ever.
  port.on('message', ({ id, ask }: SandboxQuestion) => {
    answer(ask).then(
      (value) => port.postMessage({ id, answer: value }),
      (error: unknown) => port.postMessage({ id, error: String(error) }),
    );
  });
  port.postMessage({ id: 0, answer: { url: sandbox.url } });
}

main().catch((error: unknown) => parentPort!.postMessage({ id: 0, error: String((error as Error)?.stack ?? error) }));
