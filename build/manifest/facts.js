// @ts-check
/**
 * The add-in's facts, written once. Both manifests are rendered from them: manifest.xml (the add-in
 * only manifest, which every Excel that can run the add-in takes: perpetual Windows needs it) by
 * ./xml.js, and manifest.json (the unified manifest for Microsoft 365: Excel on the web, Windows 2501+,
 * Mac 16.103+) by ./json.js. Paths are relative to where the add-in is hosted (the dev server, or --env addinUrl);
 * `package` paths are relative to the app package (the unified manifest's icons travel inside it).
 */
'use strict';

/**
 * @typedef {{ type: 'showTaskpane' } | { type: 'executeFunction'; functionName: string }} ButtonAction
 * @typedef {{ id: string; label: string; tooltip: string; action: ButtonAction }} Button
 */

const facts = {
  /** The add-in only manifest's <Id>. The unified manifest hides the add-in with this id where both are installed. */
  addinId: '3fabce5f-2f95-4ee4-b203-81add1117300',
  /** The unified manifest's id: a GUID of its own, as Microsoft requires of the two versions of one add-in. */
  appId: '446fbf11-963e-4bc9-8e7d-111881ed5f95',
  /** major.minor.patch; the add-in only manifest adds a fourth part (".0"). */
  version: '1.0.0',
  locale: 'en-US',
  provider: 'Climate Profiles Project',
  /** The add-in only manifest's DisplayName. */
  name: 'Climate profiles',
  /**
   * The unified manifest's names. Microsoft asks the two versions of one add-in to differ in name, or
   * Office lists them alike; Office shows the short one (at most 30 characters), also atop the pane.
   */
  unifiedName: { short: 'Climate profiles for M365', full: 'Climate profiles for Microsoft 365' },
  description: {
    short: 'Supplier climate scores and initiative flags in Excel cells.',
    long: "Supplier climate scores and initiative flags in any cell (=CLIMATE.SCORE), with the data provider's attribution.",
  },
  /** The unified manifest requires one; Office does not show it. The leaf's green (tools/dev/drawIcons.ts). */
  accentColor: '#2E7D32',
  /**
   * Help, privacy and terms: one page of the add-in with a section for each, in each language
   * (build/supportPages.js writes assets/support.html and assets/support.<language>.html).
   */
  pages: {
    runtime: 'taskpane.html',
    support: 'assets/support.html',
    privacy: 'assets/support.html#privacy',
    terms: 'assets/support.html#terms',
  },
  /** The production climate profile service, which the pane may open links to. */
  appDomains: ['https://api.ditchcarbon.com'],
  /** Read and write the workbook (the add-in only manifest's ReadWriteDocument). */
  permission: { xml: 'ReadWriteDocument', json: 'Document.ReadWrite.User' },
  /**
   * Functions and task pane share one JavaScript runtime: the key, the cache and the queue. Every failed
   * cell is a CustomFunctions.Error (src/functions/excelBoundary.ts), which CustomFunctionsRuntime 1.2
   * brought; every Excel with the shared runtime has 1.2 as well (docs/sideloading.md).
   */
  requirements: [
    { name: 'SharedRuntime', minVersion: '1.1' },
    { name: 'CustomFunctionsRuntime', minVersion: '1.2' },
  ],
  customFunctions: { namespace: 'CLIMATE', script: 'functions.js', metadata: 'functions.json' },
  /** The add-in's icons by pixel size: 16, 32 and 80 on the ribbon, 32 and 64 in the lists of add-ins. */
  icons: {
    files: { 16: 'assets/icon-16.png', 32: 'assets/icon-32.png', 64: 'assets/icon-64.png', 80: 'assets/icon-80.png' },
    ribbon: [16, 32, 80],
    list: 32,
    listHighResolution: 64,
  },
  /** The unified manifest's app icons: a 192 px colour icon and a 32 px white outline on transparent. */
  packageIcons: { color: 'assets/icon-color-192.png', outline: 'assets/icon-outline-32.png' },
  getStarted: {
    title: 'Climate profiles is ready',
    description:
      'Type =CLIMATE.SCORE(A2) next to a supplier name, or select a column of names and choose Home > Climate > Score selection.',
  },
  ribbon: {
    tab: 'TabHome',
    group: { id: 'Climate.Group', label: 'Climate' },
    /** @type {Button[]} */
    buttons: [
      {
        id: 'Climate.OpenPane',
        label: 'Open pane',
        tooltip:
          "Open the Climate pane: API key, project, what the add-in is doing, and the data provider's attribution.",
        // No pane id: the runtime's one page is the pane (shared-runtime guidance, "avoid multiple task
        // panes"; both renderers leave TaskpaneId and view out).
        action: { type: 'showTaskpane' },
      },
      {
        id: 'Climate.ScoreSelection',
        label: 'Score selection',
        tooltip: 'Add climate scores next to the selected column of organization names or identifiers.',
        action: { type: 'executeFunction', functionName: 'scoreSelection' },
      },
      {
        id: 'Climate.Refresh',
        label: 'Refresh',
        tooltip: 'Fetch the climate data again for every CLIMATE function in the workbook.',
        action: { type: 'executeFunction', functionName: 'refreshAll' },
      },
      {
        id: 'Climate.Summary',
        label: 'Summary',
        tooltip:
          'Build or refresh the Climate summary sheet (SBTi share by count and spend, score bands, suppliers to engage) for the selected block of CLIMATE formulas.',
        action: { type: 'executeFunction', functionName: 'buildSummary' },
      },
    ],
  },
};

module.exports = { facts };
