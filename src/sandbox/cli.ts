/** `npm run sandbox`: starts the sandbox until interrupted. Bad flags: a message and exit code 2. */
import { hostWarning, parseCliArgs, usage } from './cliArgs';
import { startSandbox } from './server';

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
  const sandbox = await startSandbox(command.options);
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
