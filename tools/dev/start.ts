// `npm start`: the sandbox service on 127.0.0.1:4010, the add-in on https://localhost:3000 (built in
// development mode and rebuilt on change), then sideloading into Excel where that can be automated.
// Ctrl+C stops everything.
import { join } from 'path';
import { SANDBOX_PORT } from '../../src/service/contract';
import { SANDBOX_PROJECT_KEY, SANDBOX_TEAM_KEY, startSandbox, type RunningSandbox } from '../sandbox/server/server';
import { devCertificates } from './certs';
import { DEV_SERVER_PORT, startDevServer, type RunningDevServer } from './devServer';
import { removeDesktopSideload, sideloadDesktop, webSideloadSteps } from './sideload';

const MANIFEST = join(__dirname, '..', '..', 'manifest.xml');

const say = (text = '') => console.log(text);

/** The ports `npm start` binds; only a test chooses others (test/dev/startOnPorts.ts). */
export interface StartPorts {
  sandbox: number;
  devServer: number;
}

export async function start(ports: StartPorts = { sandbox: SANDBOX_PORT, devServer: DEV_SERVER_PORT }): Promise<void> {
  let sandbox: RunningSandbox | undefined;
  let devServer: RunningDevServer | undefined;
  let sideloaded = false;
  let stopping = false;

  const stop = async (exitCode: number) => {
    if (stopping) process.exit(exitCode); // a second Ctrl+C: do not wait any longer
    stopping = true;
    say('\nStopping...');
    await Promise.allSettled([
      devServer?.close(),
      sandbox?.close(),
      sideloaded ? removeDesktopSideload(MANIFEST) : undefined,
    ]);
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    const certificates = await devCertificates();
    if (!certificates.trusted) {
      say(`HTTPS: using a development certificate generated into ${certificates.caPath.replace(/ca\.crt$/, '')}.`);
      say('  Its CA is NOT installed in the system trust store (that needs administrator rights: on Windows or');
      say('  macOS run `npx office-addin-dev-certs install`, then restart npm start; on Linux import');
      say(`  ${certificates.caPath} into your browser's certificate authorities). Until then browsers warn`);
      say('  about https://localhost:3000 and you must accept the warning once.');
    }

    sandbox = await startSandbox({ port: ports.sandbox, quiet: true });
    devServer = await startDevServer({ certificates, port: ports.devServer });
    const build = await devServer.firstBuild;
    if (build.errors.length > 0) {
      say(`\nThe first build failed (${build.errors.length} error(s)); fix the sources and it rebuilds:`);
      for (const error of build.errors) say(error);
    } else {
      say(`\nBuilt the add-in (development) in ${build.durationMs} ms.`);
    }

    const example = sandbox.population.organizations[0]?.name;
    say('');
    say(`Add-in        ${devServer.url}/taskpane.html   (manifest: ${MANIFEST})`);
    say(`  unified     ${MANIFEST.replace(/\.xml$/, '.json')}   (Excel on the web, Windows 2501+, Mac 16.103+)`);
    say(`Sandbox       ${sandbox.url}   (the add-in's default service)`);
    say(`  project key ${SANDBOX_PROJECT_KEY}   (used automatically while the base URL is the sandbox's)`);
    say(`  team key    ${SANDBOX_TEAM_KEY}   (for POST /projects)`);
    say(
      `  knobs       npm run sandbox -- --help lists them; change them live with POST ${sandbox.url}/__sandbox/config`,
    );
    if (example) say(`  try         =CLIMATE.SCORE("${example}")`);
    say('');

    const sideload = await sideloadDesktop(MANIFEST);
    if (sideload.loaded) {
      sideloaded = true;
      say('Excel desktop was started with the add-in sideloaded (Home > Climate).');
    } else {
      say(`No automatic sideload: ${sideload.reason}.`);
      say(webSideloadSteps(MANIFEST, `${devServer.url}/taskpane.html`, certificates.trusted));
    }
    say('\nServing. Press Ctrl+C to stop.');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const inUse = /EADDRINUSE/.test(message) || (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    console.error(
      inUse
        ? `A port npm start needs is taken (${ports.sandbox} for the sandbox, ${ports.devServer} for the add-in): ` +
            `is another npm start or sandbox running?\n${message}`
        : `npm start failed: ${message}`,
    );
    await stop(1);
  }
}

// Run by `npm start`; test/dev/startOnPorts.ts imports it to choose the ports.
if (require.main === module) void start();
