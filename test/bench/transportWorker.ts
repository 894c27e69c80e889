/**
 * The bench's network stack, on a thread of its own (transport.ts starts it), as a browser's is in a
 * process of its own: a request waiting for a connection goes out the moment one frees, and an answer
 * is read off the wire, whatever the page's script is doing. Holds the undici agent of one transport
 * and carries out the main thread's requests by message.
 */
import type { TLSSocket } from 'tls';
import { parentPort, workerData } from 'worker_threads';
import { Agent, buildConnector } from 'undici';
import { HTTP2_MAX_STREAMS } from '../../tools/sandbox/server/httpApp';
import type { TransportName } from './transport';

export interface WireRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface WireAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

/** What the main thread asks; each message carries the question's id (tsWorker.ts). */
export type TransportQuestion =
  { kind: 'send'; request: WireRequest } | { kind: 'abort' } | { kind: 'connections' } | { kind: 'close' };
export type TransportMessage = TransportQuestion & { id: number };

const {
  name,
  connections: h1Connections,
  ca,
} = workerData as {
  name: TransportName;
  connections: number;
  ca: string | null;
};
const opened: Record<string, number> = {};
const base = buildConnector(name === 'h2' ? { ca: ca ?? undefined, allowH2: true } : {});
const connect: buildConnector.connector = (options, callback) =>
  base(options, (...args) => {
    const socket = args[1];
    if (socket) {
      const protocol = (socket as Partial<TLSSocket>).alpnProtocol || 'http/1.1';
      opened[protocol] = (opened[protocol] ?? 0) + 1;
    }
    callback(...args);
  });
// Every request goes through the request API: told a POST may share the connection (`idempotent`),
// it multiplexes over HTTP/2 as a browser does (undici's fetch sends a body only on an idle connection).
const agent =
  name === 'h1'
    ? new Agent({ connect, connections: h1Connections })
    : name === 'h2'
      ? new Agent({ connect, allowH2: true, connections: 1, pipelining: HTTP2_MAX_STREAMS })
      : new Agent({ connect });
const inFlight = new Map<number, AbortController>();

async function send(request: WireRequest, signal: AbortSignal): Promise<WireAnswer> {
  const url = new URL(request.url);
  const answer = await agent.request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: request.method as 'GET' | 'POST',
    headers: request.headers,
    body: request.body ?? undefined,
    signal,
    idempotent: true,
  });
  const headers: Array<[string, string]> = [];
  for (const [header, value] of Object.entries(answer.headers))
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) headers.push([header, one]);
  return { status: answer.statusCode, headers, body: await answer.body.text() };
}

/** The answer to `message`; a failure (the request's, or closing's) rejects. */
async function answer(message: Exclude<TransportMessage, { kind: 'abort' }>): Promise<unknown> {
  if (message.kind === 'connections') return { ...opened };
  if (message.kind === 'close') {
    await agent.close();
    return null;
  }
  const controller = new AbortController();
  inFlight.set(message.id, controller);
  try {
    return await send(message.request, controller.signal);
  } finally {
    inFlight.delete(message.id);
  }
}

const port = parentPort!;
port.on('message', (message: TransportMessage) => {
  const { id } = message;
  // An abort is told, not asked: it gets no answer.
  if (message.kind === 'abort') inFlight.get(id)?.abort();
  // Every failure is posted back as the answer's error: the asker would otherwise wait for ever.
  else
    answer(message).then(
      (value) => port.postMessage({ id, answer: value }),
      (error: unknown) => {
        const { message: text, code } = error as Error & { code?: string };
        port.postMessage({ id, error: code ? `${text} (${code})` : text });
      },
    );
});
port.postMessage({ id: 0, answer: null });
