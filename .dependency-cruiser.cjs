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

/** Rooms of src/<folder>, by name: `^src/<folder>/(a|b)/`. */
const roomPath = (folder, names) => `^src/${folder}/(${names.join('|')})/`;

/**
 * One rule per room of src/<folder> (`rooms`: each room and the rooms it stands on): a room imports, of
 * that folder, itself and those rooms, and the files at the folder's top that `top` names, if any.
 */
const roomRules = (folder, label, rooms, top = null) =>
  Object.entries(rooms).map(([room, below]) => ({
    name: `${label}-${room}-imports-only-what-it-may`,
    comment: `src/${folder}/${room} may import, of src/${folder}, ${[room, ...below].join(', ')}${top ? ` and ${top.names.join(', ')}` : ''}`,
    severity: 'error',
    from: { path: roomPath(folder, [room]) },
    to: { path: `^src/${folder}/`, pathNot: [roomPath(folder, [room, ...below]), ...(top ? [top.path] : [])] },
  }));

/**
 * The pane's rooms (src/taskpane/<room>/): one per section, on shared rooms. A section imports its own
 * room and the shared ones only, never another section: what two sections share lives in a shared
 * room. The shared rooms stand on each other in one direction (common -> sheet; ui alone) and never on
 * a section or on the pane's entry (taskpane.ts, app.ts, paneActions.ts at the top of src/taskpane).
 */
const PANE_SECTIONS = [
  'firstRun',
  'connection',
  'projects',
  'score',
  'review',
  'summary',
  'attribution',
  'activity',
  'changes',
  'reference',
  'copy',
];
const PANE_SHARED = { common: ['sheet'], sheet: [], ui: [] };

const paneRules = [
  ...PANE_SECTIONS.map((section) => ({
    name: `pane-${section}-imports-only-shared-rooms`,
    comment: `src/taskpane/${section} may import, of the pane, itself and ${Object.keys(PANE_SHARED).join(', ')}`,
    severity: 'error',
    from: { path: roomPath('taskpane', [section]) },
    to: { path: '^src/taskpane/', pathNot: roomPath('taskpane', [section, ...Object.keys(PANE_SHARED)]) },
  })),
  ...roomRules('taskpane', 'pane', PANE_SHARED),
  {
    name: 'commands-reach-the-pane-through-its-hand-over',
    comment: "the ribbon's commands import the pane's paneActions.ts only",
    severity: 'error',
    from: { path: '^src/commands/' },
    to: { path: '^src/taskpane/', pathNot: '^src/taskpane/paneActions\\.ts$' },
  },
];

/**
 * The engine's rooms (src/engine/<room>/), each on the rooms below it, acyclic: flow and cache stand
 * alone, sending on them, profiling on sending, calls on all four. At the top of src/engine, `types.ts`
 * (every public type) imports nothing of the engine, `errors.ts` and `events.ts` only the types, and
 * a room may use those three and `lifecycle.ts`; `engine.ts` assembles the rooms and `index.ts` is the
 * one face the rest of src imports.
 */
const ENGINE_ROOMS = {
  flow: [],
  cache: [],
  sending: ['flow', 'cache'],
  profiling: ['sending', 'cache', 'flow'],
  calls: ['profiling', 'sending', 'cache', 'flow'],
};
const ENGINE_TOP_FOR_ROOMS = ['types', 'errors', 'events', 'lifecycle'];
const engineTop = (names) => `^src/engine/(${names.join('|')})\\.ts$`;

const engineRules = [
  ...roomRules('engine', 'engine', ENGINE_ROOMS, {
    names: ENGINE_TOP_FOR_ROOMS,
    path: engineTop(ENGINE_TOP_FOR_ROOMS),
  }),
  {
    name: 'engine-types-import-nothing-of-the-engine',
    comment: 'src/engine/types.ts holds every public type and imports nothing of the engine',
    severity: 'error',
    from: { path: engineTop(['types']) },
    to: { path: '^src/engine/' },
  },
  {
    name: 'engine-errors-and-events-import-only-the-types',
    comment: 'src/engine/errors.ts and events.ts import, of the engine, types.ts only',
    severity: 'error',
    from: { path: engineTop(['errors', 'events']) },
    to: { path: '^src/engine/', pathNot: engineTop(['types', 'errors', 'events']) },
  },
  {
    name: 'engine-through-its-face',
    comment: 'outside src/engine, the engine is imported from src/engine/index.ts only',
    severity: 'error',
    from: { path: '^src/', pathNot: '^src/engine/' },
    to: { path: '^src/engine/', pathNot: '^src/engine/index\\.ts$' },
  },
];

/**
 * The functions' rooms: `arguments/` reads what a cell hands a function, `results/` shapes what it
 * shows (on the readers, never the other way), and the Excel boundary at the top of src/functions
 * (functions.ts, catalogue.ts, excelBoundary.ts and what they call the engine through) uses both. The
 * pane reads cells by the same rules, so it may import the two rooms, never the boundary: that is
 * Excel's entry alone.
 */
const FUNCTIONS_ROOMS = { arguments: [], results: ['arguments'] };

const functionsRules = [
  ...roomRules('functions', 'functions', FUNCTIONS_ROOMS),
  {
    name: 'functions-boundary-is-excels',
    comment: 'outside src/functions, only its rooms are imported, never the Excel boundary at its top',
    severity: 'error',
    from: { path: '^src/', pathNot: '^src/functions/' },
    to: { path: '^src/functions/[^/]+$' },
  },
];

module.exports = {
  forbidden: [
    ...directionRules,
    ...paneRules,
    ...engineRules,
    ...functionsRules,
    ...toolRules,
    {
      name: 'no-circular',
      comment: 'no import cycles, type-only imports included',
      severity: 'error',
      from: { path: '^(src|tools)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|dist-tsc|node_modules)/' },
  },
};
