// @ts-check
/**
 * The manifests' words in each of the add-in's languages besides English: the add-in's name and
 * description, the Get Started callout and the ribbon's labels and tooltips, from
 * src/i18n/manifest/<language>.json. A table that lacks a string the facts have, or names a button the
 * ribbon does not have, stops the render: a language is complete or absent, never half English.
 */
'use strict';

const { readFileSync } = require('fs');
const path = require('path');
const LOCALES = require('../../src/i18n/locales.json');
const { facts } = require('./facts');

/**
 * @typedef {{ label: string; tooltip: string }} ButtonWords
 * @typedef {{
 *   name: string;
 *   unifiedName: { short: string; full: string };
 *   description: { short: string; long: string };
 *   getStarted: { title: string; description: string };
 *   group: string;
 *   buttons: Record<string, ButtonWords>;
 * }} ManifestWords
 * @typedef {{ language: string; officeLocales: string[]; words: ManifestWords }} Translation
 */

const TABLES = path.resolve(__dirname, '..', '..', 'src', 'i18n', 'manifest');

/** The strings a table must give, each with where it is in the table. @param {any} words */
const requiredWords = (words) => [
  ['name', words.name],
  ['unifiedName.short', words.unifiedName?.short],
  ['unifiedName.full', words.unifiedName?.full],
  ['description.short', words.description?.short],
  ['description.long', words.description?.long],
  ['getStarted.title', words.getStarted?.title],
  ['getStarted.description', words.getStarted?.description],
  ['group', words.group],
  ...facts.ribbon.buttons.flatMap((button) => {
    const given = words.buttons && Object.hasOwn(words.buttons, button.id) ? words.buttons[button.id] : undefined;
    return [
      [`buttons["${button.id}"].label`, given?.label],
      [`buttons["${button.id}"].tooltip`, given?.tooltip],
    ];
  }),
];

/** Where a table lacks a string, or leaves it empty. @param {unknown} table */
const missingWords = (table) =>
  requiredWords(table ?? {})
    .filter(([, value]) => typeof value !== 'string' || !value.trim())
    .map(([where]) => where);

/** @returns {Translation[]} every language besides the default, checked */
function manifestTranslations() {
  return Object.entries(LOCALES.languages)
    .filter(([language]) => language !== LOCALES.default)
    .map(([language, { officeLocales }]) => {
      const file = path.join(TABLES, `${language}.json`);
      const words = JSON.parse(readFileSync(file, 'utf8'));
      const missing = missingWords(words);
      const known = new Set(facts.ribbon.buttons.map((button) => button.id));
      const unknown = Object.keys(words.buttons ?? {}).filter((id) => !known.has(id));
      if (missing.length > 0 || unknown.length > 0) {
        const problems = [
          ...missing.map((dotted) => `no "${dotted}"`),
          ...unknown.map((id) => `a button "${id}" the ribbon does not have`),
        ];
        throw new Error(`src/i18n/manifest/${language}.json: ${problems.join('; ')}`);
      }
      return { language, officeLocales, words };
    });
}

module.exports = { manifestTranslations, missingWords };
