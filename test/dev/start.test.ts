/**
 * `npm start` when a port it needs is taken, the sandbox's or the add-in's: it says which ports it
 * needs and what may hold them, stops what it had started and exits with 1, without a stack trace.
 * Run on ports of the test's own (startOnPorts.ts), never on 4010 and 3000 themselves.
 */
import { spawn } from 'child_process';
import { createServer, type Server } from 'net';
import type { AddressInfo } from 'net';

/** A server holding a free port on `host` until closed. */
async function occupy(host: string): Promise<Server> {
  const server = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return server;
}

const portOf = (server: Server): number => (server.address() as AddressInfo).port;
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A port free at this moment, for the part of npm start that is not under test. */
async function freePort(host: string): Promise<number> {
  const server = await occupy(host);
  const port = portOf(server);
  await close(server);
  return port;
}

/** Runs npm start (as tsx does) on the given ports until it exits. */
function runStart(
  sandbox: number,
  devServer: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--require', 'tsx/cjs', 'test/dev/startOnPorts.ts', `${sandbox}`, `${devServer}`],
    {
      cwd: `${__dirname}/../..`,
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

// The sandbox listens on 127.0.0.1, the add-in's dev server on `localhost`, resolved as it resolves it.
test.each([
  ['the sandbox', '127.0.0.1'],
  ['the add-in', 'localhost'],
])("%s's port taken: a clear message, everything stopped, exit code 1", async (taken, host) => {
  const holder = await occupy(host);
  try {
    const held = portOf(holder);
    const ports = taken === 'the sandbox' ? [held, await freePort('localhost')] : [await freePort('127.0.0.1'), held];
    const { code, stdout, stderr } = await runStart(ports[0], ports[1]);
    expect(stderr).toContain(
      `A port npm start needs is taken (${ports[0]} for the sandbox, ${ports[1]} for the add-in): ` +
        'is another npm start or sandbox running?',
    );
    expect(stderr).toMatch(new RegExp(`EADDRINUSE.*:${held}\\b`));
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).toContain('Stopping...');
    expect(code).toBe(1);
  } finally {
    await close(holder);
  }
});
