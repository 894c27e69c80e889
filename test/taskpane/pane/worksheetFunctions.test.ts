/**
 * The formulas the pane writes use only worksheet functions the host calculates: on every host
 * profile, with the pane's own host probes (src/office/host.ts) deciding the variant, every formula of
 * Score a column (both layouts where the host has cards), the review mark, a refined row, the
 * attribution line and the Climate summary (its figures, lists and hidden helpers) is read, and each
 * function it calls is looked up in worksheetFunctions.ts. Excel 2021 runs the add-in and has no TAKE:
 * there a TAKE inside IFERROR is no error but silently empty lists.
 */
import { supportsDynamicArrays, supportsEntities } from '../../../src/office/host';
import type { BlockLayout } from '../../../src/taskpane/common/blockScored';
import { reviewRuleFormula } from '../../../src/taskpane/common/reviewMark';
import { planColumnScoring } from '../../../src/taskpane/score/scoringPlan';
import { OUTPUTS } from '../../../src/taskpane/sheet/outputs';
import { withArguments } from '../../../src/taskpane/sheet/formulas';
import { SOURCE_LINE_FORMULA } from '../../../src/taskpane/sheet/sourceLine';
import { planSummary } from '../../../src/taskpane/summary/summaryPlan';
import { HOST_PROFILES, supportedBy, type HostProfile } from '../../harness/hostProfiles';
import { calculates } from '../../harness/worksheetFunctions';

const globals = globalThis as Record<string, unknown>;

afterEach(() => {
  delete globals.Office;
});

/** The host as the pane's probes see it: Office.context.requirements of the profile. */
function become(profile: HostProfile): void {
  const isSetSupported = (name: string, version: string) => supportedBy(profile, name, version);
  globals.Office = { context: { requirements: { isSetSupported } } };
}

/** The functions a formula calls (text literals left out), with the add-in's own CLIMATE.* ones. */
function functionsCalled(formula: string): string[] {
  const code = formula.replace(/"(?:[^"]|"")*"/g, '""');
  return [...code.matchAll(/([A-Za-z_][A-Za-z0-9_.]*)\(/g)].map(([, name]) => name.toUpperCase());
}

const BLOCK: BlockLayout = {
  sheet: 'Q3_suppliers',
  firstRow: 2,
  lastRow: 41,
  nameColumn: 0,
  websiteColumn: 1,
  countryColumn: 2,
  scoreColumn: 4,
  flags: [{ initiative: 'sbti', column: 5 }],
  industryMeanColumn: 6,
  spendColumn: 3,
};

/** Every formula the pane writes on this host (the host's probes choose the variants, as the pane's sections do). */
function formulasWritten(): string[] {
  const layouts = supportsEntities() ? (['formulas', 'cards'] as const) : (['formulas'] as const);
  const selection = {
    nameColumn: 0,
    websiteColumn: 1,
    countryColumn: 2,
    firstDataRow: 2,
    names: ['Acme', 'Globex', ''],
    firstFreeColumn: 7,
  };
  const scoring = layouts.flatMap((layout) => {
    const plan = planColumnScoring(selection, {
      outputs: OUTPUTS.map((output) => output.key),
      layout,
      linkRequired: layout === 'formulas',
      logo: false,
    });
    const refined = plan.formulas.flat().map((formula) => withArguments(formula, { website: '"acme.example"' }));
    const review = reviewRuleFormula(plan.outputColumn + plan.outputs.indexOf('match'), plan.firstDataRow);
    return [...plan.formulas.flat(), ...refined, review];
  });
  // With the KPI block: its history, target line and the gap list (a target by count and by spend).
  const summaries = [true, false].map((logo) =>
    planSummary(BLOCK, {
      dynamicArrays: supportsDynamicArrays(),
      scoreMax: 100,
      builtOn: '2026-12-06',
      logo,
      kpi: {
        history: [{ date: '2026-12-06', byCount: 0.2, bySpend: 0.3, suppliers: 9, scored: 8, meanScore: 50 }],
        target: { share: 0.7, basis: logo ? 'spend' : 'count', year: 2030 },
        sbti: true,
        chartSeries: true,
      },
    }),
  );
  const summary = summaries.flatMap((plan) => [
    ...plan.cells.map((cell) => String(cell.content)),
    ...plan.helpers.flatMap((helper) => helper.formulas),
  ]);
  return [...scoring, SOURCE_LINE_FORMULA, ...summary].filter((text) => text.startsWith('='));
}

test.each(HOST_PROFILES.map((profile) => [profile.name, profile] as const))(
  '%s: every function the pane writes is one its Excel calculates',
  (_, profile) => {
    become(profile);
    const formulas = formulasWritten();
    const called = new Set(formulas.flatMap(functionsCalled));
    // The summary's lists, the score column and the review mark are all there to be checked.
    expect([...called]).toEqual(expect.arrayContaining(['CLIMATE.SCORE', 'CLIMATE.MATCH', 'HYPERLINK', 'COUNTIFS']));
    const missing = [...called].filter((name) => !name.startsWith('CLIMATE.') && !calculates(profile.functions, name));
    expect({ host: profile.hosts, missing }).toEqual({ host: profile.hosts, missing: [] });
  },
);

test('the check reads a function inside a formula, and not a word inside a text', () => {
  expect(functionsCalled('=IFERROR(TAKE(SORTBY(x,1),10),"TAKE(2)")')).toEqual(['IFERROR', 'TAKE', 'SORTBY']);
  expect(functionsCalled('=HYPERLINK(CLIMATE.LINK($A3),"Profile")')).toEqual(['HYPERLINK', 'CLIMATE.LINK']);
});
