/**
 * Where the sandbox listens and how a client reaches it: the warning for a --host other machines can
 * reach, the address it names itself by (one the add-in takes), and its /__sandbox paths over HTTP/2.
 */
import { connect as http2Connect } from 'http2';
import { localCertificate } from '../../tools/sandbox/server/certificate';
import { hostWarning } from '../../tools/sandbox/server/cliArgs';
import { SANDBOX_PROJECT_KEY, startSandbox } from '../../tools/sandbox/server/server';
import { normalizeBaseUrl } from '../../src/service/baseUrl';

describe('--host', () => {
  test.each(['0.0.0.0', '::', '192.168.1.20'])('%s: a warning that other machines can reach the sandbox', (host) => {
    expect(hostWarning(host)).toMatch(/reachable from other machines/);
    expect(hostWarning(host)).toContain('paths still answer only requests from this machine');
  });
  test.each([undefined, '127.0.0.1', 'localhost', '::1', '[::1]'])('%s: no warning', (host) => {
    expect(hostWarning(host)).toBeNull();
  });
});

test.each(['0.0.0.0', '::'])(
  'on --host %s (every interface) the sandbox names itself by localhost, an address the add-in accepts',
  async (host) => {
    const wide = await startSandbox({ port: 0, host, quiet: true, organizations: 20 });
    try {
      expect(wide.url).toBe(`http://localhost:${wide.port}`);
      expect(normalizeBaseUrl(wide.url)).toBe(wide.url);
      expect((await fetch(`${wide.url}/__sandbox/stats`)).status).toBe(200);
    } finally {
      await wide.close();
    }
  },
);

test('on --host ::1 the sandbox names itself by localhost, an address the add-in accepts, and answers there', async () => {
  const v6 = await startSandbox({ port: 0, host: '::1', quiet: true, organizations: 20 });
  try {
    expect(v6.url).toBe(`http://localhost:${v6.port}`);
    expect(normalizeBaseUrl(v6.url)).toBe(v6.url);
    expect((await fetch(`http://[::1]:${v6.port}/__sandbox/stats`)).status).toBe(200);
  } finally {
    await v6.close();
  }
});

test('over HTTP/2 (--http2) the /__sandbox paths answer as over HTTP/1.1: by the request authority, a body with no length read', async () => {
  const certificate = await localCertificate();
  const h2 = await startSandbox({ port: 0, quiet: true, organizations: 20, tls: certificate });
  const session = http2Connect(h2.url, { ca: certificate.ca });
  // An HTTP/2 client names the host in :authority and sends no Host header (browsers and curl alike),
  // and need not say a body's length.
  const ask = (authority: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const method = body === undefined && !headers['content-type'] ? 'GET' : 'POST';
      const path = method === 'GET' ? '/__sandbox/stats' : '/__sandbox/config';
      const endStream = body === undefined; // the headers end the stream: no body at all
      const stream = session.request(
        { ':method': method, ':path': path, ':authority': authority, ...headers },
        { endStream },
      );
      let status = 0;
      let text = '';
      stream.on('response', (answer) => (status = Number(answer[':status'])));
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => resolve({ status, body: text }));
      stream.on('error', reject);
      stream.end(body);
    });
  const local = `localhost:${h2.port}`;
  try {
    for (const authority of [local, `127.0.0.1:${h2.port}`])
      expect({ authority, status: (await ask(authority)).status }).toEqual({ authority, status: 200 });
    const rebound = `rebound.example:${h2.port}`;
    expect({ rebound, status: (await ask(rebound)).status }).toEqual({ rebound, status: 403 });
    // A proxy's header is anybody's to send: it names no host here.
    expect((await ask(rebound, { 'x-forwarded-host': 'localhost' })).status).toBe(403);

    const json = { 'content-type': 'application/json' };
    const changed = await ask(local, json, JSON.stringify({ failRate: 0.5 }));
    expect({ status: changed.status, failRate: JSON.parse(changed.body).failRate }).toEqual({
      status: 200,
      failRate: 0.5,
    });
    expect(h2.knobs().failRate).toBe(0.5);
    // No body (`curl -X POST` ends the stream with its headers), or one said to be empty: nothing changes.
    for (const [headers, body] of [
      [json, undefined],
      [{ ...json, 'content-length': '0' }, ''],
    ] as const) {
      const bodiless = await ask(local, headers, body);
      expect({ status: bodiless.status, failRate: JSON.parse(bodiless.body).failRate }).toEqual({
        status: 200,
        failRate: 0.5,
      });
    }
    expect((await ask(local, { 'content-type': 'text/plain' }, 'failRate=0')).status).toBe(415);
    expect(h2.knobs().failRate).toBe(0.5);
  } finally {
    session.close();
    await h2.close();
  }
});

test('a population past 1,000,000 is refused before any is built (10,000,000 took minutes and ran out of memory)', async () => {
  await expect(startSandbox({ port: 0, quiet: true, organizations: 10_000_000 })).rejects.toThrow(
    'organizations must be an integer from 0 to 1000000, got 10000000',
  );
});

test('over HTTP/2 on another loopback address (--host 127.0.0.2) the certificate covers the address printed', async () => {
  const certificate = await localCertificate('127.0.0.2');
  const h2 = await startSandbox({ port: 0, quiet: true, organizations: 20, host: '127.0.0.2', tls: certificate });
  expect(h2.url).toBe(`https://127.0.0.2:${h2.port}`);
  const session = http2Connect(h2.url, { ca: certificate.ca });
  try {
    const status = await new Promise<unknown>((resolve, reject) => {
      const stream = session.request({ ':path': '/industries', authorization: `Bearer ${SANDBOX_PROJECT_KEY}` });
      stream.on('response', (headers) => stream.resume().on('end', () => resolve(headers[':status'])));
      stream.on('error', reject);
      session.on('error', reject);
    });
    expect(status).toBe(200);
  } finally {
    session.close();
    await h2.close();
  }
});
