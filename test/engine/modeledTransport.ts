/**
 * A transport as a browser has it, for engine tests on a fake clock: `connections` requests carried at
 * once, first come first served, the rest waiting unseen for a connection (a browser's 6 per host over
 * HTTP/1.1). The service sees a request when a connection carries it and answers `serviceMs` later (or
 * `serviceMs(items)`: a service that takes longer for a larger batch). A request aborted while it waits
 * for a connection is never sent, as in a browser; one aborted on the wire has been seen by the service
 * all the same. And a runtime that reads answers one at a time (`readOneAtATime`).
 */
import type { FetchLike } from '../../src/service/client';

const aborted = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new DOMException('The request was aborted.', 'AbortError');

/** The items of a `POST /batch` request. */
const itemsIn = (init: Parameters<FetchLike>[1]): number =>
  (JSON.parse(new URLSearchParams(init.body ?? '').get('requests') ?? '[]') as unknown[]).length;

export function behindConnections(
  send: FetchLike,
  connections: number,
  serviceMs: number | ((items: number) => number),
): FetchLike {
  let carried = 0;
  const waiting: Array<() => void> = [];
  return async (url, init) => {
    const { signal } = init;
    if (carried >= connections) {
      await new Promise<void>((resolve, reject) => {
        const turn = (): void => {
          signal.removeEventListener('abort', leave);
          resolve();
        };
        const leave = (): void => {
          waiting.splice(waiting.indexOf(turn), 1);
          reject(aborted(signal));
        };
        waiting.push(turn);
        signal.addEventListener('abort', leave, { once: true });
      });
    } else carried += 1;
    try {
      const answer = send(url, init); // the service has it now
      await new Promise<void>((resolve, reject) => {
        const stop = (): void => {
          clearTimeout(timer);
          reject(aborted(signal));
        };
        const timer = setTimeout(
          () => {
            signal.removeEventListener('abort', stop);
            resolve();
          },
          typeof serviceMs === 'number' ? serviceMs : serviceMs(itemsIn(init)),
        );
        signal.addEventListener('abort', stop, { once: true });
      });
      return await answer;
    } finally {
      const next = waiting.shift();
      if (next)
        next(); // the connection passes straight on
      else carried -= 1;
    }
  };
}

/**
 * The runtime's one thread reading answers: each takes `perItemMs` for each of its items (parsing it,
 * settling its cells), one answer at a time; an answer that arrives while another is being read waits.
 */
export function readOneAtATime(send: FetchLike, perItemMs: number): FetchLike {
  let readerFreeAt = 0;
  return async (url, init) => {
    const answer = await send(url, init);
    readerFreeAt = Math.max(Date.now(), readerFreeAt) + perItemMs * itemsIn(init);
    await new Promise((resolve) => setTimeout(resolve, readerFreeAt - Date.now()));
    return answer;
  };
}
