import { spawn } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { connect } from 'http2';
import { createServer, type AddressInfo } from 'net';
import { dirname } from 'path';
import { parseCliArgs, usage } from '../../tools/sandbox/server/cliArgs';

describe('parseCliArgs', () => {
  test('reads the start flags and every knob as a kebab-case flag', () => {
    const command = parseCliArgs([
      '--port',
      '0',
      '--seed=7',
      '--organizations',
      '300',
      '--host',
      '127.0.0.1',
      '--latency-ms',
      '25',
      '--item-latency-ms=2',
      '--rate-limit',
      '10',
      '--rate-limit-retry-after=false',
      '--max-batch',
      '50',
      '--fail-rate',
      '0.1',
      '--drop-rate',
      '0.05',
      '--malformed-rate',
      '0.02',
      '--truncate-batch-rate',
      '0.01',
      '--hang',
      '--profiling-seconds',
      '5',
      '--errored-share',
      '0',
      '--revoked-keys',
      'a,b',
    ]);
    expect(command).toEqual({
      kind: 'start',
      options: {
        port: 0,
        seed: 7,
        organizations: 300,
        host: '127.0.0.1',
        logRequests: true,
        latencyMs: 25,
        itemLatencyMs: 2,
        rateLimit: 10,
        rateLimitRetryAfter: false,
        maxBatch: 50,
        failRate: 0.1,
        dropRate: 0.05,
        malformedRate: 0.02,
        truncateBatchRate: 0.01,
        hang: true,
        profilingSeconds: 5,
        erroredShare: 0,
        revokedKeys: ['a', 'b'],
      },
    });
  });

  test('--revoked-keys as people list them: spaces after the commas, a trailing comma', () => {
    expect(parseCliArgs(['--revoked-keys', ' key-one , key-two,'])).toEqual({
      kind: 'start',
      options: { logRequests: true, revokedKeys: ['key-one', 'key-two'] },
    });
  });

  test('--rate-limit off, --quiet, --help', () => {
    expect(parseCliArgs(['--rate-limit', 'off', '--quiet'])).toEqual({
      kind: 'start',
      options: { rateLimit: null, quiet: true, logRequests: false },
    });
    expect(parseCliArgs(['--port', '1', '--help'])).toEqual({ kind: 'help' });
    expect(usage()).toContain('--truncate-batch-rate');
  });

  test('a true/false knob stands alone, or takes true or false after = or as the next argument', () => {
    const argv = ['--rate-limit-retry-after', 'false', '--hang', 'true', '--summary-format', '--port', '0'];
    expect(parseCliArgs(argv)).toEqual({
      kind: 'start',
      options: { port: 0, logRequests: true, rateLimitRetryAfter: false, hang: true, summaryFormat: true },
    });
    expect(parseCliArgs(['--hang=false', '--summary-format', 'false'])).toEqual({
      kind: 'start',
      options: { logRequests: true, hang: false, summaryFormat: false },
    });
    expect(usage()).toContain('--rate-limit-retry-after [true|false]');
  });

  test('--http2 asks for HTTP/2 over TLS and takes no value', () => {
    expect(parseCliArgs(['--http2', '--port', '0'])).toEqual({
      kind: 'start',
      options: { port: 0, logRequests: true },
      http2: true,
    });
    expect(parseCliArgs(['--http2=false'])).toEqual({ kind: 'error', message: '--http2 takes no value' });
  });

  test.each([
    [['--bogus'], 'Unknown flag --bogus'],
    [['--port', 'abc'], '--port takes a whole number, got "abc"'],
    [['--port'], '--port needs a value'],
    [['--host', ''], '--host needs an address, got nothing'],
    [['--host= '], '--host needs an address, got nothing'],
    [['--port', '70000'], '--port takes a port number from 0 to 65535, got "70000"'],
    [['--fail-rate', '2'], '--fail-rate must be a share between 0 and 1, got "2"'],
    [['--latency-ms', 'slow'], '--latency-ms takes a number, got "slow"'],
    [['--latency-ms', 'Infinity'], '--latency-ms must be a number >= 0, got "Infinity"'],
    [['--latency-ms=1e400'], '--latency-ms must be a number >= 0, got "1e400"'],
    [['--rate-limit', '0'], '--rate-limit must be a number > 0, or off for no limit, got "0"'],
    [['--hang=maybe'], '--hang takes true or false, got "maybe"'],
    [['--hang', 'maybe'], 'Unexpected argument "maybe"'],
    [['--max-batch', '0'], '--max-batch must be an integer >= 1, got "0"'],
    [['--port', '0x10'], '--port takes a whole number, got "0x10"'],
    [['--organizations', '2e4'], '--organizations takes a whole number, got "2e4"'],
    [
      ['--organizations', '10000000'],
      '--organizations takes at most 1000000 (a larger population takes minutes and gigabytes to build), got "10000000"',
    ],
    [['--seed', ' 7'], '--seed takes a whole number, got " 7"'],
    [['--latency-ms', '50', '--latency-ms=60'], '--latency-ms is given twice'],
    [['--port', '0', '--port', '4011'], '--port is given twice'],
    [['--http2', '--http2'], '--http2 is given twice'],
    [['--hang', '--hang=false'], '--hang is given twice'],
    [['4010'], 'Unexpected argument "4010"'],
    [['-p', '1'], 'Unexpected argument "-p"'],
    [['--', '--port'], 'Unexpected argument "--"'],
    [['--quiet=yes'], '--quiet takes no value'],
  ])('%j is refused: %s', (argv, message) => {
    expect(parseCliArgs(argv)).toEqual({ kind: 'error', message });
  });

  // A flag is looked up among the sandbox's own flags only, never among an object's inherited names.
  test.each([
    [['--constructor', '5'], 'Unknown flag --constructor'],
    [['--__proto__', '5'], 'Unknown flag --__proto__'],
    [['--toString=1'], 'Unknown flag --toString'],
    [['--hasOwnProperty'], 'Unknown flag --hasOwnProperty'],
    [['--valueOf', 'true'], 'Unknown flag --valueOf'],
  ])('%j, a name of Object.prototype, is refused as unknown', (argv, message) => {
    expect(parseCliArgs(argv)).toEqual({ kind: 'error', message });
  });
});

/** Runs the CLI as `npm run sandbox` does (tsx), from the repository root. */
function runCli(args: string[]) {
  return spawn(process.execPath, ['--require', 'tsx/cjs', 'tools/sandbox/server/cli.ts', ...args], {
    cwd: `${__dirname}/../..`,
  });
}

describe('the sandbox command', () => {
  test('prints its URL, both demo keys and the knobs, serves, and stops on SIGTERM', async () => {
    const child = runCli(['--port', '0', '--organizations', '200', '--latency-ms', '5']);
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (m && output.includes('knobs')) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    expect(output).toContain('sandbox-project-key');
    expect(output).toContain('sandbox-team-key');
    expect(output).toContain('latencyMs=5');
    const response = await fetch(`${url}/industries`, { headers: { authorization: 'Bearer sandbox-project-key' } });
    expect(response.status).toBe(200);
    const exitCode = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    const logLines = output.split('\n').filter((line) => line.startsWith('GET '));
    expect(logLines).toEqual([expect.stringMatching(/^GET \/industries 200 \d+ms$/)]);
  });

  test.each([
    [['--fail-rate', 'lots'], '--fail-rate takes a number, got "lots"'],
    [['--port', '70000'], '--port takes a port number from 0 to 65535, got "70000"'],
  ])('a bad flag %j exits with code 2 and says what is wrong', async (args, message) => {
    const child = runCli(args);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toBe(`sandbox: ${message}\nRun with --help for the flags.\n`);
  });
});

test('--http2 serves HTTP/2 over TLS, checked against the CA it wrote, which leaves with it', async () => {
  const child = runCli(['--port', '0', '--organizations', '200', '--http2']);
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [url, caPath] = await new Promise<[string, string]>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /listening on (https:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      const ca = /CA \(trust it to check the sandbox\): (\S+)/.exec(stderr);
      if (url && ca) resolve([url[1], ca[1]]);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  const session = connect(url, { ca: readFileSync(caPath) });
  const status = await new Promise<unknown>((resolve, reject) => {
    const stream = session.request({ ':path': '/industries', authorization: 'Bearer sandbox-project-key' });
    stream.on('response', (headers) => stream.resume().on('end', () => resolve(headers[':status'])));
    stream.on('error', reject);
  });
  expect(session.alpnProtocol).toBe('h2');
  expect(status).toBe(200);
  session.close();
  const exitCode = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  expect(await exitCode).toBe(0);
  // The CA is this run's alone (a new one each start): its file and folder go when the sandbox stops.
  expect(existsSync(dirname(caPath))).toBe(false);
});

test.each([
  [
    'a port in use',
    (port: number) => ['--port', String(port)],
    /^sandbox: 127\.0\.0\.1:\d+ is already in use \(another sandbox, or npm start\?\): stop it, or pick another --port \(0 = any free one\)\n$/,
  ],
  [
    'an address of another machine (TEST-NET-1)',
    () => ['--port', '0', '--host', '192.0.2.1'],
    /\nsandbox: 192\.0\.2\.1 is not an address of this machine: check --host\n$/,
  ],
])('%s: exit code 1 and what to change', async (_, args, message) => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  try {
    const child = runCli(args((taken.address() as AddressInfo).port));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, stderr }).toEqual({ code: 1, stderr: expect.stringMatching(message) });
  } finally {
    taken.close();
  }
});

test('a non-loopback --host starts with a warning on stderr', async () => {
  const child = runCli(['--port', '0', '--organizations', '200', '--host', '0.0.0.0']);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && resolve());
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  const exitCode = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exitCode;
  expect(stderr).toContain('sandbox: warning: --host 0.0.0.0 makes the sandbox reachable from other machines');
});
