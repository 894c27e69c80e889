// @ts-check
/**
 * Both manifests, rendered from one set of facts (./facts.js): the table of what is written, the
 * webpack plugin that emits them into the build output for the build's base URL, and the development
 * copies at the top of the repository (for `npm start` and sideloading; `npm run manifests` rewrites
 * them, and test/manifest fails when they are not what the facts render).
 */
'use strict';

const { mkdirSync, writeFileSync } = require('fs');
const path = require('path');
const { emitFiles } = require('../emitFiles');
const { renderJson, renderLocalizations } = require('./json');
const { renderXml } = require('./xml');

/** Where `npm start` serves the add-in: the base URL of the development manifests. */
const DEV_URL = 'https://localhost:3000/';

/**
 * Every file the manifests are, for a base URL: file path -> text. The unified manifest's localization
 * files travel with it (its localizationInfo names them).
 * @param {string} base
 * @returns {Record<string, string>}
 */
const renderManifests = (base) => ({
  'manifest.xml': renderXml(base),
  'manifest.json': renderJson(base),
  ...renderLocalizations(base),
});

const PLUGIN = 'ManifestsPlugin';

/** Emits every file of renderManifests into the build output, for add-in files hosted at `base`. */
class ManifestsPlugin {
  /** @param {string} base the add-in's base URL, ending with "/" */
  constructor(base) {
    this.base = base;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    emitFiles(compiler, PLUGIN, () => renderManifests(this.base));
  }
}

/** The development manifests at the top of the repository. */
const ROOT = path.resolve(__dirname, '..', '..');
const devManifestPath = (/** @type {string} */ file) => path.join(ROOT, file);

function writeDevManifests() {
  for (const [file, text] of Object.entries(renderManifests(DEV_URL))) {
    mkdirSync(path.dirname(devManifestPath(file)), { recursive: true });
    writeFileSync(devManifestPath(file), text);
  }
}

if (require.main === module) {
  writeDevManifests();
  console.log(`Wrote ${Object.keys(renderManifests(DEV_URL)).join(', ')} for ${DEV_URL} from build/manifest/facts.js`);
}

module.exports = { DEV_URL, ManifestsPlugin, devManifestPath, renderManifests };
