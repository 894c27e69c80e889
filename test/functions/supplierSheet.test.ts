/**
 * The built functions bundle in the Node workbook harness against the sandbox over loopback: a
 * 2,000-row supplier sheet with SCORE, three FLAGs, FLAGS and PROFILE, where every cell must show
 * what the sandbox's record says, with the provider logo and profile link; bad inputs get their
 * documented errors without a request; unseen suppliers show "Profiling" and then their values.
 * Under every host profile: attributed cell values where the host renders them, plain values elsewhere.
 */
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { DEFAULT_LOCATION, openNodeWorkbook } from '../harness/node';
import { seededSettings } from '../harness/settingsSeed';
import { supplierScenario } from '../harness/supplierScenario';
import { PROFILE_RUNS, PROFILING_SECONDS, supplierSuite } from '../harness/supplierSuite';
import { DEFAULT_MIX, supplierRows } from '../harness/supplierSheet';

const LOGO = new URL('assets/logo-provider.png', DEFAULT_LOCATION).href;
const suite = supplierSuite();

test.each(PROFILE_RUNS)(
  'host "%s": a 2,000-row supplier sheet shows exactly what the sandbox says',
  async (_, profile, i) => {
    // A seed per profile: each run meets suppliers the sandbox has not seen yet.
    const rows = supplierRows(suite.sandbox().population, DEFAULT_MIX, 11 + i);
    const storage = await seededSettings({ baseUrl: suite.sandbox().url, apiKey: SANDBOX_PROJECT_KEY });
    const session = suite.keep(await openNodeWorkbook({ storage, requirements: profile.requirements }));
    const ctx = { dataTypes: profile.attributedValues, logoUrl: LOGO };
    const report = await supplierScenario(session, suite.sandbox(), rows, ctx, PROFILING_SECONDS);

    expect(report.problems.slice(0, 10)).toEqual([]);
    expect(report.rows).toBe(2000);
    expect(report.badRows).toBeGreaterThan(30);
    expect(report.unseenRows).toBeGreaterThan(20);
    // One registration item per distinct supplier, none for bad inputs; only unseen suppliers register.
    expect(report.registrationItems).toBe(report.distinct);
    expect(report.registrations).toBe(new Set(rows.filter((r) => r.kind === 'unseen').map((r) => r.input)).size);
    expect(suite.sandbox().stats().maxRegistrationsPerOrganization).toBeLessThanOrEqual(1);
    // Exactly the cells that waited for a profile were recalculated, each once.
    expect(report.recalculated).toEqual(report.expectedRecalculated);
    expect(session.errors()).toEqual([]);
    console.log(
      `supplier sheet (node, ${profile.name}): ${report.rows} rows, ${report.cells} formula cells, ${report.distinct} distinct suppliers, ` +
        `${report.requests} requests; first pass ${report.firstPassMs} ms; profiled ${report.profiledMs} ms`,
    );
  },
);
