// @ts-check
/**
 * Both manifests, rendered from one set of facts (./facts.js): the table of what is written, the
 * webpack plugin that emits them into the build output for the build's base URL, and the development
 * copies at the top of the repository (for `npm start` and sideloading; `npm run manifests` rewrites
 * them, and test/manifest fails when they are not what the facts render).
 */
'use strict';

const { writeFileSync } = require('fs');
const path = require('path');
const { emitFiles } = require('../emitFiles');
const { renderJson } = require('./json');
const { renderXml } = require('./xml');

/** Where `npm start` serves the add-in: the base URL of the development manifests. */
const DEV_URL = 'https://localhost:3000/';

/** @type {Record<string, (base: string) => string>} file name -> its text for a base URL */
const MANIFESTS = { 'manifest.xml': renderXml, 'manifest.json': renderJson };

const PLUGIN = 'ManifestsPlugin';

/** Emits every manifest of MANIFESTS into the build output, for add-in files hosted at `base`. */
class ManifestsPlugin {
  /** @param {string} base the add-in's base URL, ending with "/" */
  constructor(base) {
    this.base = base;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const rendered = Object.entries(MANIFESTS).map(([file, render]) => [file, render(this.base)]);
    emitFiles(compiler, PLUGIN, () => Object.fromEntries(rendered));
  }
}

/** The development manifests at the top of the repository. */
const ROOT = path.resolve(__dirname, '..', '..');
const devManifestPath = (/** @type {string} */ file) => path.join(ROOT, file);

function writeDevManifests() {
  for (const [file, render] of Object.entries(MANIFESTS)) writeFileSync(devManifestPath(file), render(DEV_URL));
}

if (require.main === module) {
  writeDevManifests();
  console.log(`Wrote ${Object.keys(MANIFESTS).join(' and ')} for ${DEV_URL} from build/manifest/facts.js`);
}

module.exports = { DEV_URL, MANIFESTS, ManifestsPlugin, devManifestPath };
