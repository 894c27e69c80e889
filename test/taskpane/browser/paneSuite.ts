/**
 * What every pane test file starts from: the sandbox over real HTTP, the BUILT pane served from
 * loopback, and Chromium, opened before the file's tests and closed after them. The fields are set
 * once the file's first beforeAll has run.
 */
import type { Browser } from 'playwright-core';
import {
  SANDBOX_PROJECT_KEY,
  SANDBOX_TEAM_KEY,
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../../tools/sandbox/server/server';
import { productionDist } from '../../build/dist';
import { launchChromium } from '../../browsers/chromium';
import { seededSettings } from '../../harness/settingsSeed';
import type { ShimSheet } from './excelShim';
import { openPanePage, type PanePage } from './panePage';
import { serveFolder, type StaticServer } from './staticServer';

export interface PaneSuite {
  sandbox: RunningSandbox;
  site: StaticServer;
  browser: Browser;
  /** The sandbox's origin. */
  origin(): string;
  /** A project made on the sandbox with its team key, as the pane's Create project makes one. */
  createProject(name: string): Promise<{ id: number; api_key: string }>;
  /** The pane on `sheet`, its key the sandbox's project key. */
  openSheet(sheet: ShimSheet): Promise<PanePage>;
}

export function paneSuite(sandboxOptions: SandboxOptions = {}): PaneSuite {
  const suite = {
    origin: () => new URL(suite.sandbox.url).origin,
    createProject: async (name: string) => {
      const created = await fetch(`${suite.sandbox.url}/projects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SANDBOX_TEAM_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      return (await created.json()) as { id: number; api_key: string };
    },
    openSheet: async (sheet: ShimSheet) => {
      const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
      return openPanePage(suite.browser, suite.site.url, sheet, storage);
    },
  } as PaneSuite;
  beforeAll(async () => {
    const dist = productionDist();
    suite.sandbox = await startSandbox({ port: 0, quiet: true, ...sandboxOptions });
    suite.site = await serveFolder(dist);
    suite.browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    // Each closed whatever became of the others: nothing is left running into the next file.
    await Promise.allSettled([suite.browser?.close(), suite.site?.close(), suite.sandbox?.close()]);
  });
  return suite;
}
