/**
 * The support page (help, privacy, terms) the manifests link, in every language the add-in speaks:
 * built from the messages, each page in its language, with the sections Marketplace asks for, the
 * provider's attribution, and links to the other languages. Read from the production build.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { Language } from '../../src/i18n/languages';
import { CATALOGS } from '../../src/i18n/translate';
import { productionDist, removeTempDirs } from './dist';

const LOCALES = require('../../src/i18n/locales.json') as { languages: Record<string, { name: string }> };
const { supportPage } = require('../../build/languagePages.js') as { supportPage: (language: string) => string };
const LANGUAGES = Object.keys(LOCALES.languages);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const DIST = productionDist();
afterAll(removeTempDirs);

describe.each(LANGUAGES)('%s', (language) => {
  const html = readFileSync(join(DIST, supportPage(language)), 'utf8');
  const messages = CATALOGS[language as Language] as Record<string, string>;

  test('is written in its language, with help, privacy and terms', () => {
    // The production build minifies the page: attributes may lose their quotes.
    expect(html).toMatch(new RegExp(`<html lang="?${language}"?>`));
    expect(html).toMatch(/<h2 id="?privacy"?>([^<]+)<\/h2>/);
    expect(/<h2 id="?privacy"?>([^<]+)<\/h2>/.exec(html)?.[1]).toBe(escapeHtml(messages['support.privacy.title']));
    expect(/<h2 id="?terms"?>([^<]+)<\/h2>/.exec(html)?.[1]).toBe(escapeHtml(messages['support.terms.title']));
    expect(html).toContain(escapeHtml(messages['support.formula']));
    expect(html).toMatch(/<a href="?https:\/\/ditchcarbon\.com"?>/);
  });

  test('links every other language, and runs no script', () => {
    for (const other of LANGUAGES.filter((candidate) => candidate !== language)) {
      expect(html).toMatch(
        new RegExp(`href="?${supportPage(other).replace('assets/', '').replace(/\./g, '\\.')}"? hreflang="?${other}"?`),
      );
    }
    expect(html).not.toMatch(/<script/i);
  });
});
