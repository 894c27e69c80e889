/**
 * The same supplier sheet, smaller, in real Chromium: the built scripts loaded by a page on
 * loopback, calling the sandbox on another origin over CORS, the provider logo served beside them.
 * Under every host profile, as the Node run.
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { openChromiumWorkbook, type ChromiumWorkbookSession } from './browser';
import { HOST_PROFILES } from './hostProfiles';
import { seededSettings } from './settingsSeed';
import { supplierScenario } from './supplierScenario';
import { DEFAULT_MIX, supplierRows } from './supplierSheet';

/**
 * Sandbox seconds an unseen supplier takes to be profiled. The test skips the sandbox clock ahead
 * instead of waiting, so this only has to outlast the first pass, however loaded the machine.
 */
const PROFILING_SECONDS = 60;

let sandbox: RunningSandbox;
let session: ChromiumWorkbookSession | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    organizations: 3000,
    profilingSeconds: PROFILING_SECONDS,
    erroredShare: 0,
    quiet: true,
  });
});

afterEach(async () => {
  await session?.close();
  session = null;
});

afterAll(async () => {
  await sandbox.close();
});

const profiles = HOST_PROFILES.map((profile, i) => [profile.name, profile, i] as const);

test.each(profiles)(
  'host "%s": a 100-row supplier sheet in Chromium shows what the sandbox says',
  async (_, profile, i) => {
    // A seed per profile: each run meets suppliers the sandbox has not seen yet.
    const rows = supplierRows(
      sandbox.population,
      { ...DEFAULT_MIX, rows: 100, unseenShare: 0.05, badShare: 0.1 },
      5 + i,
    );
    const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
    session = await openChromiumWorkbook({ storage, requirements: profile.requirements });
    const logoUrl = `${session.origin}/assets/logo-provider.png`;
    const ctx = { dataTypes: profile.attributedValues, logoUrl };
    const report = await supplierScenario(session, sandbox, rows, ctx, PROFILING_SECONDS);

    expect(report.problems.slice(0, 10)).toEqual([]);
    expect(report.unseenRows).toBeGreaterThan(0);
    expect(report.badRows).toBeGreaterThan(0);
    expect(report.registrationItems).toBe(report.distinct);
    expect(report.recalculated).toEqual(report.expectedRecalculated);
    // The logo every attributed cell points at is served at the page's own origin.
    const logo = await session.page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get('content-type') };
    }, logoUrl);
    expect(logo).toEqual({ status: 200, type: 'image/png' });
    // The sandbox was called cross-origin (the page is on another port), so CORS worked.
    expect(new URL(sandbox.url).origin).not.toBe(session.origin);
    expect(session.errors()).toEqual([]);
  },
);
