/**
 * The wire every strategy of a bench run uses, as the runtimes users have would use it:
 * - `h1`: HTTP/1.1 with at most 6 connections per origin (the browsers' limit; Excel's runtimes,
 *   WebView2, WKWebView and the browser of Excel on the web, are browsers);
 * - `h2`: one HTTP/2 connection over TLS, multiplexing up to the streams the server allows (the
 *   sandbox advertises HTTP2_MAX_STREAMS, as common servers do);
 * - `unlimited`: HTTP/1.1 opening as many connections as asked (Node's default; no browser does this).
 * Each counts the connections it opened and the protocol each negotiated, so a run shows what it used.
 */
import type { TLSSocket } from 'tls';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { HTTP2_MAX_STREAMS } from '../../src/sandbox/httpApp';

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
  connections(): Record<string, number>;
  close(): Promise<void>;
}

/**
 * A fetch over HTTP/2 that multiplexes as a browser does. undici's own fetch sends a request with a
 * body (every POST /batch) only while no other request is in flight on the connection, since it could
 * not retry it; its request API, told the request may share the connection (`idempotent`), does not.
 */
function multiplexed(agent: Agent): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const answer = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      headers: init?.headers as Record<string, string> | undefined,
      body: init?.body === undefined || init.body === null ? undefined : String(init.body),
      signal: init?.signal ?? undefined,
      idempotent: true,
    });
    const headers = new Headers();
    for (const [header, value] of Object.entries(answer.headers))
      for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) headers.append(header, one);
    return new Response(await answer.body.text(), { status: answer.statusCode, headers });
  };
}

/** `ca`: the PEM the sandbox's certificate was signed with (h2 only: HTTP/2 needs TLS). */
export function openTransport(name: TransportName, ca: string | null): Transport {
  if (name === 'h2' && ca === null) throw new Error('bench: the h2 transport needs the sandbox certificate');
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
  const agent =
    name === 'h1'
      ? new Agent({ connect, connections: H1_CONNECTIONS })
      : name === 'h2'
        ? new Agent({ connect, allowH2: true, connections: 1, pipelining: HTTP2_MAX_STREAMS })
        : new Agent({ connect });
  // undici's fetch and Node's are the same code; its types are its own, hence the cast.
  const viaFetch = (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> =>
    undiciFetch(input as string, { ...(init as object), dispatcher: agent }) as unknown as Promise<Response>;
  return {
    name,
    fetch: name === 'h2' ? multiplexed(agent) : viaFetch,
    connections: () => ({ ...opened }),
    close: () => agent.close(),
  };
}
