/**
 * Which way dependencies run, written down once (checked by `npm run lint`): what each part of src may
 * import, no import cycles, and src (what ships) never reaching tools/ (the sandbox and the dev tools,
 * Node only), which may use only src's bottom floors. Build-time code lives in build/.
 */
'use strict';

/**
 * What each part of src may import (besides itself and packages). Read top to bottom it is the
 * direction of the add-in: commands & pane -> functions -> runtime -> engine -> settings -> service.
 * text (shared text helpers) and i18n (the add-in's words in each language) are leaves every part may import. The graph is acyclic, so no cycle between
 * folders can pass this check.
 */
const ALLOWED = {
  commands: ['taskpane', 'functions', 'runtime', 'engine', 'settings', 'service', 'office', 'identifiers', 'provider'],
  taskpane: ['functions', 'runtime', 'engine', 'settings', 'service', 'office', 'identifiers', 'provider'],
  functions: ['runtime', 'engine', 'settings', 'service', 'office', 'identifiers', 'provider'],
  runtime: ['engine', 'settings', 'office'], // src/runtime.ts: the one place the runtime is assembled
  engine: ['settings', 'service'],
  settings: ['service'],
  service: [],
  office: [], // small wrappers of Office APIs
  identifiers: [],
  provider: [], // src/provider.ts and src/provider.json
  text: [], // clipping, invisible characters, pasted quotes: imported by any part
  i18n: [], // languages, messages per language: imported by any part
};
const PARTS = Object.keys(ALLOWED);

/** A folder of src, or a file of src by its name without extension. */
const path = (names) => `^src/(${names.join('|')})(/|\\.[a-z]+$)`;

/** What the tools (tools/sandbox, tools/dev) may import of src: the facts and helpers both sides share. */
const TOOLS_MAY_IMPORT = ['service', 'identifiers', 'settings', 'text'];

const toolRules = [
  {
    name: 'src-never-imports-tools',
    comment: 'what ships never reaches the sandbox or the dev tools (Node only, not in the bundle)',
    severity: 'error',
    from: { path: '^src/' },
    to: { path: '^tools/' },
  },
  {
    name: 'tools-import-only-the-bottom-of-src',
    comment: `tools/ may import, of src, ${TOOLS_MAY_IMPORT.join(', ')}`,
    severity: 'error',
    from: { path: '^tools/' },
    to: { path: '^src/', pathNot: path(TOOLS_MAY_IMPORT) },
  },
  {
    name: 'sandbox-never-imports-dev',
    comment: 'the dev tools start the sandbox, never the other way round',
    severity: 'error',
    from: { path: '^tools/sandbox/' },
    to: { path: '^tools/dev/' },
  },
];

const directionRules = PARTS.map((part) => ({
  name: `${part}-imports-only-what-it-may`,
  comment: `src/${part} may import ${ALLOWED[part].join(', ') || 'nothing else of src'}`,
  severity: 'error',
  from: { path: path([part]) },
  to: { path: '^src/', pathNot: path([part, 'text', 'i18n', ...ALLOWED[part]]) },
}));

/**
 * The pane's rooms (src/taskpane/<room>/): one per section, on shared rooms. A section imports its own
 * room and the shared ones only, never another section: what two sections share lives in a shared
 * room. The shared rooms stand on each other in one direction (common -> sheet; ui alone) and never on
 * a section or on the pane's entry (taskpane.ts, app.ts, paneActions.ts at the top of src/taskpane).
 */
const PANE_SECTIONS = ['connection', 'projects', 'score', 'review', 'summary', 'attribution', 'activity', 'reference'];
const PANE_SHARED = { common: ['sheet'], sheet: [], ui: [] };
const paneRoom = (names) => `^src/taskpane/(${names.join('|')})/`;

const paneRules = [
  ...PANE_SECTIONS.map((section) => ({
    name: `pane-${section}-imports-only-shared-rooms`,
    comment: `src/taskpane/${section} may import, of the pane, itself and ${Object.keys(PANE_SHARED).join(', ')}`,
    severity: 'error',
    from: { path: paneRoom([section]) },
    to: { path: '^src/taskpane/', pathNot: paneRoom([section, ...Object.keys(PANE_SHARED)]) },
  })),
  ...Object.entries(PANE_SHARED).map(([room, below]) => ({
    name: `pane-${room}-imports-only-what-it-may`,
    comment: `src/taskpane/${room} may import, of the pane, ${[room, ...below].join(', ')}`,
    severity: 'error',
    from: { path: paneRoom([room]) },
    to: { path: '^src/taskpane/', pathNot: paneRoom([room, ...below]) },
  })),
  {
    name: 'commands-reach-the-pane-through-its-hand-over',
    comment: "the ribbon's commands import the pane's paneActions.ts only",
    severity: 'error',
    from: { path: '^src/commands/' },
    to: { path: '^src/taskpane/', pathNot: '^src/taskpane/paneActions\\.ts$' },
  },
];

module.exports = {
  forbidden: [
    ...directionRules,
    ...paneRules,
    ...toolRules,
    {
      name: 'no-circular',
      comment: 'no import cycles',
      severity: 'error',
      from: { path: '^(src|tools)/' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|dist-tsc|node_modules)/' },
  },
};
