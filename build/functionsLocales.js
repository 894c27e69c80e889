// @ts-check
/**
 * The functions' metadata in each of the add-in's languages. Excel shows a function's and its
 * arguments' descriptions from the metadata file the manifest names for the user's Office language
 * (one file per language, a locale override of the metadata URL: Microsoft's "Custom functions naming
 * and localization"). The English file is generated from the JSDoc; each other language's file is
 * derived from it and a translation table (src/i18n/functions/<language>.json), so the functions,
 * their ids and names (CLIMATE.* in every language), arguments and options are written once. A
 * function's help link may be moved to that language's help page (build/helpPages.js).
 *
 * The build fails when a table lacks a description the JSDoc has, names a function or an argument the
 * JSDoc does not have (a CLIMATE function in a text included), or gives a formula example with another separator than that language's Excel
 * uses between arguments (";" where the decimal separator is a comma).
 */
'use strict';

const { readFileSync } = require('fs');
const path = require('path');
const webpack = require('webpack');
const LOCALES = require('../src/i18n/locales.json');

const TABLES = path.resolve(__dirname, '..', 'src', 'i18n', 'functions');

/**
 * @typedef {{ name: string; description?: string }} Parameter
 * @typedef {{ id: string; name: string; description?: string; helpUrl?: string; parameters: Parameter[] }} FunctionMetadata
 * @typedef {{ functions: FunctionMetadata[] }} Metadata
 * @typedef {Record<string, { description: string; parameters?: Record<string, string> }>} Table
 */

/** The languages besides the default, each with its table. */
const languages = () => Object.keys(LOCALES.languages).filter((language) => language !== LOCALES.default);

/** The metadata file of a language: functions.json for the default, functions-de.json for German. */
const metadataFile = (/** @type {string} */ language) =>
  language === LOCALES.default ? 'functions.json' : `functions-${language}.json`;

/** @param {string} language */
const readTable = (language) =>
  /** @type {Table} */ (JSON.parse(readFileSync(path.join(TABLES, `${language}.json`), 'utf8')));

/**
 * Where a formula example (`=NAME(…)`) separates its arguments with `wrong`: the separator of the
 * other convention, outside quoted text and brackets.
 * @param {string} text
 * @param {string} separator
 * @returns {string | undefined} the example, when it is wrong
 */
function exampleWithWrongSeparator(text, separator) {
  const wrong = separator === ';' ? ',' : ';';
  for (const start of text.matchAll(/=[A-Z][A-Z0-9_.]*\(/g)) {
    let depth = 0;
    let quoted = false;
    for (let i = start.index; i < text.length; i++) {
      const char = text[i];
      if (char === '"') quoted = !quoted;
      else if (quoted) continue;
      else if (char === '(') depth++;
      else if (char === ')' && --depth === 0) break;
      else if (char === wrong && depth > 0) return text.slice(start.index, i + 1);
    }
  }
  return undefined;
}

/**
 * One language's metadata: the English metadata with each description from the table.
 * @param {Metadata} english
 * @param {Table} table
 * @param {string} language
 * @param {(language: string, id: string) => string} [helpUrl]  where a function's help link opens in
 *   that language (Excel's "Help on this function"); without it, where the English one does
 * @returns {{ metadata: Metadata; problems: string[] }}
 */
function localizeMetadata(english, table, language, helpUrl) {
  const problems = [];
  const where = `src/i18n/functions/${language}.json`;
  const { listSeparator } = LOCALES.languages[language];
  const known = new Map(english.functions.map((fn) => [fn.id, fn]));
  for (const id of Object.keys(table)) {
    if (!known.has(id)) problems.push(`${where}: ${id} is no CLIMATE function`);
  }
  const checked = (/** @type {string} */ text, /** @type {string} */ what) => {
    const example = exampleWithWrongSeparator(text, listSeparator);
    if (example)
      problems.push(`${where}: ${what} separates arguments with another sign than "${listSeparator}": ${example}`);
    for (const [, id] of text.matchAll(/CLIMATE\.([A-Z]+)/g)) {
      if (!known.has(id)) problems.push(`${where}: ${what} names CLIMATE.${id}, which does not exist`);
    }
    return text;
  };
  const functions = english.functions.map((fn) => {
    const entry = Object.hasOwn(table, fn.id) ? table[fn.id] : undefined;
    if (!entry || typeof entry.description !== 'string' || !entry.description.trim()) {
      problems.push(`${where}: ${fn.id} has no description`);
      return fn;
    }
    const translated = entry.parameters ?? {};
    const names = new Set(fn.parameters.map((parameter) => parameter.name));
    for (const name of Object.keys(translated)) {
      if (!names.has(name)) problems.push(`${where}: ${fn.id} has no argument "${name}"`);
    }
    const parameters = fn.parameters.map((parameter) => {
      const text = Object.hasOwn(translated, parameter.name) ? translated[parameter.name] : undefined;
      if (parameter.description && !(typeof text === 'string' && text.trim())) {
        problems.push(`${where}: ${fn.id}'s argument "${parameter.name}" has no description`);
        return parameter;
      }
      return text ? { ...parameter, description: checked(text, `${fn.id}'s "${parameter.name}"`) } : parameter;
    });
    const help = fn.helpUrl !== undefined && helpUrl ? { helpUrl: helpUrl(language, fn.id) } : {};
    return { ...fn, description: checked(entry.description, fn.id), ...help, parameters };
  });
  return { metadata: { ...english, functions }, problems };
}

const PLUGIN = 'FunctionsLocalesPlugin';

/** Emits functions-<language>.json beside the generated functions.json; a problem fails the build. */
class FunctionsLocalesPlugin {
  /** @param {{ helpUrl?: (language: string, id: string) => string }} [options]  helpUrl: see localizeMetadata */
  constructor(options = {}) {
    this.options = options;
  }

  /** @param {webpack.Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // After the metadata plugin has added functions.json, before its URLs are rebased for production.
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL;
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage }, () => {
        const asset = compilation.getAsset(metadataFile(LOCALES.default));
        if (!asset) return; // the metadata plugin has reported why
        const english = JSON.parse(asset.source.source().toString());
        for (const language of languages()) {
          const { metadata, problems } = localizeMetadata(english, readTable(language), language, this.options.helpUrl);
          for (const problem of problems) compilation.errors.push(new webpack.WebpackError(`${PLUGIN}: ${problem}`));
          compilation.emitAsset(
            metadataFile(language),
            new webpack.sources.RawSource(JSON.stringify(metadata, null, 2)),
          );
        }
      });
    });
  }
}

module.exports = { FunctionsLocalesPlugin, exampleWithWrongSeparator, languages, localizeMetadata, metadataFile };
