/**
 * What every pane test file starts from: the sandbox over real HTTP, the BUILT pane served from
 * loopback, and Chromium, opened before the file's tests and closed after them. The fields are set
 * once the file's first beforeAll has run.
 */
import type { Browser } from 'playwright-core';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src/sandbox/server';
import { productionDist } from '../../build/dist';
import { launchChromium } from '../../browsers/chromium';
import { serveFolder, type StaticServer } from './staticServer';

export interface PaneSuite {
  sandbox: RunningSandbox;
  site: StaticServer;
  browser: Browser;
}

export function paneSuite(sandboxOptions: SandboxOptions = {}): PaneSuite {
  const suite = {} as PaneSuite;
  beforeAll(async () => {
    const dist = productionDist();
    suite.sandbox = await startSandbox({ port: 0, quiet: true, ...sandboxOptions });
    suite.site = await serveFolder(dist);
    suite.browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.site?.close();
    await suite.sandbox?.close();
  });
  return suite;
}
