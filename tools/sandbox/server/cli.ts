/** `npm run sandbox`: starts the sandbox until interrupted. Bad flags: a message and exit code 2. */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { localCertificate } from './certificate';
import { hostWarning, parseCliArgs, usage } from './cliArgs';
import { startSandbox, type SandboxOptions } from './server';

async function main(): Promise<void> {
  const command = parseCliArgs(process.argv.slice(2));
  if (command.kind === 'help') {
    process.stdout.write(usage());
    return;
  }
  if (command.kind === 'error') {
    process.stderr.write(`sandbox: ${command.message}\nRun with --help for the flags.\n`);
    process.exit(2);
  }
  const warning = hostWarning(command.options.host);
  if (warning !== null) process.stderr.write(`sandbox: ${warning}\n`);
  let tls: SandboxOptions['tls'];
  if (command.http2) {
    const certificate = await localCertificate(command.options.host);
    // A new CA each start, good for this run only: its folder goes when the process does.
    const caFolder = mkdtempSync(join(tmpdir(), 'climate-sandbox-'));
    process.once('exit', () => rmSync(caFolder, { recursive: true, force: true }));
    const caPath = join(caFolder, 'ca.crt');
    writeFileSync(caPath, certificate.ca);
    process.stderr.write(`sandbox: HTTP/2 over TLS; the certificate's CA (trust it to check the sandbox): ${caPath}\n`);
    tls = { key: certificate.key, cert: certificate.cert };
  }
  const sandbox = await startSandbox({ ...command.options, tls });
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Why the sandbox could not listen, in the terms of its flags (--port, --host). */
function startFailure(error: unknown): string {
  const system: Record<string, unknown> = typeof error === 'object' && error !== null ? { ...error } : {};
  const { code, address, port, hostname } = system;
  const where = `${String(address)}:${String(port)}`;
  if (code === 'EADDRINUSE')
    return `${where} is already in use (another sandbox, or npm start?): stop it, or pick another --port (0 = any free one)`;
  if (code === 'EACCES') return `${where} may not be listened on by this user: pick a --port above 1023`;
  if (code === 'EADDRNOTAVAIL') return `${String(address)} is not an address of this machine: check --host`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `${String(hostname)} is not a name this machine can resolve: check --host`;
  return error instanceof Error ? error.message : String(error);
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${startFailure(error)}\n`);
  process.exit(1);
});
