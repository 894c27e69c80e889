/**
 * The wire every strategy of a bench run uses, as the runtimes users have would use it:
 * - `h1`: HTTP/1.1 with at most 6 connections per origin (the browsers' limit; Excel's runtimes,
 *   WebView2, WKWebView and the browser of Excel on the web, are browsers);
 * - `h2`: one HTTP/2 connection over TLS, multiplexing up to the streams the server allows (the
 *   sandbox advertises HTTP2_MAX_STREAMS, as common servers do);
 * - `unlimited`: HTTP/1.1 opening as many connections as asked (Node's default; no browser does this).
 * The connections live on a thread of their own (transportWorker.ts), as a browser's network stack
 * lives outside the page. Each transport counts the connections it opened and the protocol each
 * negotiated, so a run shows what it used.
 */
import { HTTP2_MAX_STREAMS } from '../../tools/sandbox/server/httpApp';
import type { TransportMessage, TransportQuestion, WireAnswer, WireRequest } from './transportWorker';
import { startTsWorker } from './tsWorker';

export const TRANSPORTS = ['h1', 'h2', 'unlimited'] as const;
export type TransportName = (typeof TRANSPORTS)[number];

/** A browser's connections per origin over HTTP/1.1. */
export const H1_CONNECTIONS = 6;

/** Requests the transport carries at once to one origin (Infinity: as many as asked). */
export const TRANSPORT_CONCURRENCY: Record<TransportName, number> = {
  h1: H1_CONNECTIONS,
  h2: HTTP2_MAX_STREAMS,
  unlimited: Infinity,
};

export interface Transport {
  readonly name: TransportName;
  readonly fetch: typeof fetch;
  /** Connections opened so far, by the protocol each negotiated (`http/1.1`, `h2`). */
  connections(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

function wireRequest(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): WireRequest {
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  const body = init?.body === undefined || init.body === null ? null : String(init.body);
  return { url: String(input), method: init?.method ?? 'GET', headers, body };
}

/** `ca`: the PEM the sandbox's certificate was signed with (h2 only: HTTP/2 needs TLS). */
export async function openTransport(name: TransportName, ca: string | null): Promise<Transport> {
  if (name === 'h2' && ca === null) throw new Error('bench: the h2 transport needs the sandbox certificate');
  const worker = await startTsWorker('transportWorker.ts', { name, connections: H1_CONNECTIONS, ca });
  const ask = <T>(question: TransportQuestion, asked?: (id: number) => void): Promise<T> =>
    worker.ask<T>(question, asked);
  const viaWorker = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    let id = 0;
    const answer = ask<WireAnswer>({ kind: 'send', request: wireRequest(input, init) }, (asked) => (id = asked));
    const aborted = new Promise<never>((_, reject) =>
      signal?.addEventListener(
        'abort',
        () => {
          worker.tell({ id, kind: 'abort' } satisfies TransportMessage);
          reject(signal.reason);
        },
        { once: true },
      ),
    );
    const { status, headers, body } = await Promise.race([answer, aborted]);
    return new Response(body, { status, headers });
  };
  return {
    name,
    fetch: viaWorker,
    connections: () => ask<Record<string, number>>({ kind: 'connections' }),
    close: async () => {
      await ask<null>({ kind: 'close' });
      await worker.terminate();
    },
  };
}
