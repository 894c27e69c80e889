/**
 * A worker thread running one of the bench's TypeScript files, with a question-and-answer channel.
 * The bench puts the service (sandboxWorker.ts) and the network stack (transportWorker.ts) on threads
 * of their own, as a browser and a remote service have them: neither waits for the add-in's script.
 */
import { Worker } from 'worker_threads';

/** What a worker posts: the answer to question `id` (0: the worker started), or why it failed. */
export interface WorkerAnswer {
  id: number;
  answer?: unknown;
  error?: string;
}

export interface TsWorker {
  /** Posts `question` and resolves with its answer (rejects with the worker's error); `asked` gets its id. */
  ask<T>(question: object, asked?: (id: number) => void): Promise<T>;
  /** Posts without waiting for an answer. */
  tell(message: object): void;
  /** What the worker posted when it started. */
  readonly started: unknown;
  terminate(): Promise<void>;
}

/** Starts `file` (next to this one) with `data`; resolves once it has posted its start (id 0). */
export async function startTsWorker(file: string, data: unknown): Promise<TsWorker> {
  // tsx's hooks are the main thread's own: the worker registers them before loading TypeScript.
  const entry = `require('tsx/cjs/api').register(); require(${JSON.stringify(`${__dirname}/${file}`)});`;
  const worker = new Worker(entry, { eval: true, workerData: data, execArgv: [] });
  const waiting = new Map<number, (answer: WorkerAnswer) => void>();
  let asked = 0;
  worker.on('message', (answer: WorkerAnswer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  const settle = <T>(answer: WorkerAnswer): T => {
    if (answer.error !== undefined) throw new Error(`bench ${file}: ${answer.error}`);
    return answer.answer as T;
  };
  const first = await new Promise<WorkerAnswer>((resolve, reject) => {
    waiting.set(0, resolve);
    worker.once('error', reject);
  });
  if (first.error !== undefined) await worker.terminate();
  return {
    started: settle(first),
    ask: async <T>(question: object, onAsked?: (id: number) => void) => {
      const id = ++asked;
      const answer = await new Promise<WorkerAnswer>((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ ...question, id });
        onAsked?.(id);
      });
      return settle<T>(answer);
    },
    tell: (message) => worker.postMessage(message),
    terminate: async () => void (await worker.terminate()),
  };
}
