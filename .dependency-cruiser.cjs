/**
 * Which way dependencies run, written down once (checked by `npm run lint`): what each part of src may
 * import, no import cycles, and the Node-only parts (sandbox, dev tools) never reached from anything
 * that ships in the browser (build-time code lives outside src, in build/).
 */
'use strict';

/**
 * What each part of src may import (besides itself and packages). Read top to bottom it is the
 * direction of the add-in: commands & pane -> functions -> runtime -> engine -> settings -> service.
 * The graph is acyclic, so no cycle between folders can pass this check.
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
  // Node only, never in the browser bundle:
  sandbox: ['service', 'identifiers'],
  dev: ['sandbox', 'service', 'settings', 'identifiers'],
};
const NODE_ONLY = ['sandbox', 'dev'];
const PARTS = Object.keys(ALLOWED);

/** A folder of src, or a file of src by its name without extension. */
const path = (names) => `^src/(${names.join('|')})(/|\\.[a-z]+$)`;

const directionRules = PARTS.map((part) => ({
  name: `${part}-imports-only-what-it-may`,
  comment: `src/${part} may import ${ALLOWED[part].join(', ') || 'nothing else of src'}`,
  severity: 'error',
  from: { path: path([part]) },
  to: { path: '^src/', pathNot: path([part, ...ALLOWED[part]]) },
}));

module.exports = {
  forbidden: [
    ...directionRules,
    {
      name: 'browser-never-reaches-node-only',
      comment: 'the sandbox and the dev tools never enter the browser bundle',
      severity: 'error',
      from: { path: path(PARTS.filter((part) => !NODE_ONLY.includes(part))) },
      to: { path: path(NODE_ONLY) },
    },
    {
      name: 'no-circular',
      comment: 'no import cycles',
      severity: 'error',
      from: { path: '^src/' },
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
