import { request as httpRequest } from 'http';
import { connect } from 'net';
import { networkInterfaces } from 'os';
import { DEFAULT_KNOBS, RunningSandbox, startSandbox } from '../../tools/sandbox/server/server';
import { admin, client, start } from './harness';

let sandbox: RunningSandbox;

beforeEach(async () => {
  sandbox = await start();
});
afterEach(() => sandbox.close());

describe('the /__sandbox paths', () => {
  test('GET /__sandbox/stats counts requests, routes and statuses, without a key', async () => {
    const api = client(sandbox);
    await api.get('/industries');
    await api.get('/organizations/1');
    await api.post('/organizations', { name: 'Counted Once Ltd' });
    await client(sandbox, null).get('/industries');
    const { status, body } = await admin(sandbox, 'GET', '/stats');
    expect(status).toBe(200);
    expect(body).toEqual({
      requests: 4,
      batches: 0,
      batchItems: 0,
      registrations: 1,
      maxRegistrationsPerOrganization: 1,
      rateLimited: 0,
      authFailures: 1,
      byRoute: { 'GET /industries': 1, 'GET /organizations/:id': 1, 'POST /organizations': 1 },
      byStatus: { '200': 2, '404': 1, '401': 1 },
    });
    expect(body).toEqual(sandbox.stats());
  });

  test('POST /__sandbox/reset zeroes the counters but keeps registrations', async () => {
    const api = client(sandbox);
    const registered = await api.post('/organizations', { name: 'Survives Reset Ltd' });
    const { body } = await admin(sandbox, 'POST', '/reset');
    expect(body).toMatchObject({
      requests: 0,
      registrations: 0,
      maxRegistrationsPerOrganization: 0,
      byRoute: {},
      byStatus: {},
    });
    const again = await api.post('/organizations', { name: 'Survives Reset Ltd' });
    expect(again.body.id).toBe(registered.body.id);
    expect(sandbox.stats()).toMatchObject({ requests: 1, registrations: 0 });
    sandbox.resetStats();
    expect(sandbox.stats().requests).toBe(0);
  });

  test('GET and POST /__sandbox/config read and change the knobs', async () => {
    expect((await admin(sandbox, 'GET', '/config')).body).toEqual(DEFAULT_KNOBS);
    const changed = await admin(sandbox, 'POST', '/config', { failRate: 1, maxBatch: 2 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ failRate: 1, maxBatch: 2, latencyMs: 0 });
    expect(sandbox.knobs()).toMatchObject({ failRate: 1, maxBatch: 2 });
    expect((await client(sandbox).get('/industries')).status).toBe(500);
  });

  test.each([
    [{ failRate: 2 }, 'failRate must be a share between 0 and 1'],
    [{ latencyMs: -1 }, 'latencyMs must be a number >= 0'],
    [{ maxBatch: 1.5 }, 'maxBatch must be an integer >= 1'],
    [{ hang: 'yes' }, 'hang must be true or false'],
    [{ rateLimit: 0 }, 'rateLimit must be a number > 0'],
    [{ revokedKeys: 'k' }, 'revokedKeys must be a list of keys'],
    [{ speed: 11 }, 'Unknown knob speed'],
    [{ toString: 1 }, 'Unknown knob toString'],
    [{ constructor: 1 }, 'Unknown knob constructor'],
    [{ hasOwnProperty: 1 }, 'Unknown knob hasOwnProperty'],
  ])('refuses %j with 422 and changes nothing', async (patch, message) => {
    const { status, body } = await admin(sandbox, 'POST', '/config', { latencyMs: 5, ...patch });
    expect(status).toBe(422);
    expect(body.error.message).toContain(message);
    expect(sandbox.knobs()).toEqual(DEFAULT_KNOBS);
    expect(() => sandbox.configure(patch as never)).toThrow(message);
  });

  test('a number JSON cannot hold is named as it is', () => {
    expect(() => sandbox.configure({ latencyMs: Infinity })).toThrow('latencyMs must be a number >= 0, got Infinity');
  });

  test('POST /__sandbox/clock refuses anything but advanceSeconds >= 0', async () => {
    for (const body of [{}, { advanceSeconds: -5 }, { advanceSeconds: 'soon' }]) {
      expect((await admin(sandbox, 'POST', '/clock', body)).status).toBe(422);
    }
    // Less than a day: the world has not moved.
    expect((await admin(sandbox, 'POST', '/clock', { advanceSeconds: 30 })).body).toMatchObject({
      advancedSeconds: 30,
      day: 0,
      changed: 0,
    });
    // 1e308 seconds, twice, made the clock Infinity: every profile's age was then unknown.
    const far = await admin(sandbox, 'POST', '/clock', { advanceSeconds: 1e308 });
    expect(far.status).toBe(422);
    expect(far.body.error.message).toBe(
      'The clock skips at most 1000000000 seconds (about 31 years) in all; it has skipped 30, so at most 999999970 more',
    );
    expect((await admin(sandbox, 'POST', '/clock', { advanceSeconds: 999_999_970 })).status).toBe(200);
    expect((await admin(sandbox, 'POST', '/clock', { advanceSeconds: 1 })).status).toBe(422);
  });

  test('a POST with no body at all is answered: curl -X POST, with or without a JSON type', async () => {
    await client(sandbox).get('/industries');
    expect(await bodiless('/__sandbox/reset')).toBe(200);
    expect(sandbox.stats().byRoute).toEqual({});
    expect(await bodiless('/__sandbox/reset', ['Content-Type: application/json'])).toBe(200);
    expect((await raw('POST', '/__sandbox/reset', {})).status).toBe(200); // Node's clients: Content-Length: 0
    expect(await bodiless('/__sandbox/config', ['Content-Type: application/json; charset=utf-8'])).toBe(200);
    expect(await bodiless('/__sandbox/clock')).toBe(422); // it needs {"advanceSeconds": n}
    expect(sandbox.knobs()).toEqual(DEFAULT_KNOBS);
  });

  test('admin paths ignore the fault knobs and are not counted', async () => {
    sandbox.configure({ failRate: 1, rateLimit: 1 });
    for (let i = 0; i < 3; i++) expect((await admin(sandbox, 'GET', '/stats')).status).toBe(200);
    expect(sandbox.stats().requests).toBe(0);
  });
});

describe('unknown routes and CORS', () => {
  test('an unknown path is a 404 with the error envelope', async () => {
    const { status, body } = await client(sandbox).get('/organisations');
    expect(status).toBe(404);
    expect(body).toEqual({ error: { type: 'not_found_error', message: 'No such endpoint: GET /organisations' } });
  });

  test('a preflight from the task pane origin is allowed, without a key', async () => {
    const response = await fetch(`${sandbox.url}/organizations`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type/i);
    expect(sandbox.stats().requests).toBe(0);
  });

  test('answers, errors included, carry Access-Control-Allow-Origin and expose Link', async () => {
    const headers = { origin: 'https://localhost:3000', authorization: 'Bearer sandbox-project-key' };
    for (const path of ['/industries', '/organizations/1']) {
      const response = await fetch(`${sandbox.url}${path}`, { headers });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toContain('Link');
    }
    const unauthorized = await fetch(`${sandbox.url}/industries`, { headers: { origin: 'https://localhost:3000' } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('*');
  });
});

/** A POST exactly as `curl -X POST` sends it: no Content-Length, no body (Node's clients add Content-Length: 0). */
function bodiless(path: string, headers: string[] = []): Promise<number> {
  const { hostname, port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(Number(answer.split(' ', 2)[1])));
    socket.on('error', reject);
    socket.write(
      [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', ...headers, '', ''].join('\r\n'),
    );
  });
}

/**
 * A raw request, so the Host header can be what a DNS-rebinding page would send; `connectTo` is the
 * address dialled (default: the sandbox's own).
 */
function raw(method: string, path: string, headers: Record<string, string>, body?: string, connectTo = sandbox.url) {
  return new Promise<{ status: number; headers: import('http').IncomingHttpHeaders }>((resolve, reject) => {
    const url = new URL(path, connectTo);
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('a web page cannot reach the /__sandbox paths', () => {
  const page = { origin: 'https://hostile.example' };

  test('no CORS on the admin paths (answers or preflight); the service routes keep theirs', async () => {
    const preflight = {
      ...page,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    };
    const adminPreflight = await raw('OPTIONS', '/__sandbox/config', preflight);
    expect(adminPreflight.headers['access-control-allow-origin']).toBeUndefined();
    expect((await raw('GET', '/__sandbox/stats', page)).headers['access-control-allow-origin']).toBeUndefined();
    expect((await raw('OPTIONS', '/industries', preflight)).headers['access-control-allow-origin']).toBe('*');
    const service = await raw('GET', '/industries', { ...page, authorization: 'Bearer sandbox-project-key' });
    expect(service.headers['access-control-allow-origin']).toBe('*');
  });

  test('only a loopback Host is answered (DNS rebinding names its own host)', async () => {
    const port = new URL(sandbox.url).port;
    for (const host of [`rebound.example:${port}`, `192.168.1.20:${port}`, 'hostile.example']) {
      expect({ host, status: (await raw('GET', '/__sandbox/config', { host })).status }).toEqual({ host, status: 403 });
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect({ host, status: (await raw('GET', '/__sandbox/config', { host })).status }).toEqual({ host, status: 200 });
    }
  });

  test('a form or text POST (sent cross-origin without a preflight) changes nothing', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const answer = await raw('POST', '/__sandbox/config', { 'content-type': type }, 'failRate=1');
      expect({ type, status: answer.status }).toEqual({ type, status: 415 });
      // Empty, but typed as a form or text: what a form with no fields sends.
      expect({ type, status: await bodiless('/__sandbox/reset', [`Content-Type: ${type}`]) }).toEqual({
        type,
        status: 415,
      });
    }
    // A body without a type at all (sent chunked).
    expect((await raw('POST', '/__sandbox/config', {}, '{"failRate":1}')).status).toBe(415);
    expect(sandbox.knobs().failRate).toBe(0);
  });

  test('any request carrying an Origin is refused, however the path is encoded', async () => {
    const json = { ...page, 'content-type': 'application/json' };
    for (const path of ['/__sandbox/config', '/%5F%5Fsandbox/config', '/__sandbox/%63onfig']) {
      expect({ path, status: (await raw('GET', path, page)).status }).toEqual({ path, status: 403 });
      const posted = await raw('POST', path, json, '{"failRate":1}');
      expect({ path, status: posted.status }).toEqual({ path, status: 403 });
      const preflight = await raw('OPTIONS', path, { ...page, 'access-control-request-method': 'POST' });
      expect({ path, cors: preflight.headers['access-control-allow-origin'] }).toEqual({ path, cors: undefined });
    }
    expect(sandbox.knobs()).toEqual(DEFAULT_KNOBS);
  });
});

/** This machine's first address that is not loopback (another machine's view of it), if it has one. */
const outwardAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

(outwardAddress ? test : test.skip)(
  'on --host 0.0.0.0 a peer that is not this machine is refused, even naming localhost as Host',
  async () => {
    const open = await startSandbox({ port: 0, host: '0.0.0.0', quiet: true, organizations: 20 });
    try {
      const host = { host: `localhost:${open.port}` };
      const outside = await raw('GET', '/__sandbox/config', host, undefined, `http://${outwardAddress}:${open.port}`);
      expect(outside.status).toBe(403);
      const inside = await raw('GET', '/__sandbox/config', host, undefined, `http://127.0.0.1:${open.port}`);
      expect(inside.status).toBe(200);
    } finally {
      await open.close();
    }
  },
);
