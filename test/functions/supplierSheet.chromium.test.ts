/**
 * The same supplier sheet, smaller, in real Chromium: the built scripts loaded by a page on
 * loopback, calling the sandbox on another origin over CORS, the provider logo served beside them.
 * Under every host profile, as the Node run.
 */
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { openChromiumWorkbook } from '../harness/browser';
import { seededSettings } from '../harness/settingsSeed';
import { supplierScenario } from '../harness/supplierScenario';
import { PROFILE_RUNS, PROFILING_SECONDS, supplierSuite } from '../harness/supplierSuite';
import { DEFAULT_MIX, supplierRows } from '../harness/supplierSheet';

const suite = supplierSuite();

test.each(PROFILE_RUNS)(
  'host "%s": a 100-row supplier sheet in Chromium shows what the sandbox says',
  async (_, profile, i) => {
    // A seed per profile: each run meets suppliers the sandbox has not seen yet.
    const rows = supplierRows(
      suite.sandbox().population,
      { ...DEFAULT_MIX, rows: 100, unseenShare: 0.05, badShare: 0.1 },
      5 + i,
    );
    const storage = await seededSettings({ baseUrl: suite.sandbox().url, apiKey: SANDBOX_PROJECT_KEY });
    const session = suite.keep(await openChromiumWorkbook({ storage, requirements: profile.requirements }));
    const logoUrl = `${session.origin}/assets/logo-provider.png`;
    const ctx = { dataTypes: profile.attributedValues, logoUrl };
    const report = await supplierScenario(session, suite.sandbox(), rows, ctx, PROFILING_SECONDS);

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
    expect(new URL(suite.sandbox().url).origin).not.toBe(session.origin);
    expect(session.errors()).toEqual([]);
  },
);
