// @ts-check
/**
 * What the build's plain pages in every language share (the support page: supportPages.js; the help
 * page: helpPages.js): where each language's page goes, the page's start (its language, a CSP that
 * allows no script, the style, the icon), the links to the same page in the other languages, and the
 * plugin step that emits one page per language and fails the build on what a page reports wrong.
 */
'use strict';

const webpack = require('webpack');
const LOCALES = require('../src/i18n/locales.json');
const { escapeHtml } = require('./markdownToHtml');

/** @type {Record<string, Record<string, string>>} */
const SUPPORT = require('../src/i18n/messages/support.json');

/** A page of the add-in in a language, relative to its base URL: assets/<stem>.html in English, else assets/<stem>.<language>.html. */
const localizedPage = (/** @type {string} */ stem) => (/** @type {string} */ language) =>
  language === LOCALES.default ? `assets/${stem}.html` : `assets/${stem}.${language}.html`;
/** The support page of a language (help, privacy, terms: supportPages.js writes it; the manifests link it). */
const supportPage = localizedPage('support');
/** The help page of a language (functions and examples: helpPages.js writes it). */
const helpPage = localizedPage('help');

/** A page's address relative to the other pages (all of them are in assets/). @param {string} page */
const fromAssets = (page) => page.slice('assets/'.length);

/**
 * A page's start, to its heading: the language, the title (HTML), a CSP that allows no script, the
 * style (with `extraStyle`) and the add-in's icon.
 * @param {string} language @param {string} title @param {string} extraStyle
 */
const pageStart = (language, title, extraStyle) => `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'" />
    <title>${title}</title>
    <style>body { font: 15px/1.5 "Segoe UI", system-ui, sans-serif; max-width: 48em; margin: 2em auto; padding: 0 1em; color: #1b1b1b; }${extraStyle}</style>
  </head>
  <body>
    <h1><img src="icon-32.png" alt="" width="32" height="32" /> ${title}</h1>`;

/**
 * The page's footer: links to it in every language but `language`, each named in its own language,
 * after the words both pages say there (support.json's support.languages).
 * @param {(language: string) => string} pageOf  the page of a language (supportPage, helpPage)
 * @param {string} language
 */
const otherLanguages = (pageOf, language) => {
  const links = Object.entries(LOCALES.languages)
    .filter(([other]) => other !== language)
    .map(
      ([other, { name }]) =>
        `<a href="${fromAssets(pageOf(other))}" hreflang="${other}" lang="${other}">${escapeHtml(name)}</a>`,
    )
    .join(' · ');
  return `<nav>${escapeHtml(SUPPORT['support.languages'][language])} ${links}</nav>`;
};

/**
 * Emits a page per language into the build output, at the stage the functions' metadata files exist.
 * @param {webpack.Compiler} compiler
 * @param {string} plugin  the plugin's name, for webpack and its errors
 * @param {(language: string) => string} pageOf  where a language's page goes
 * @param {(language: string, compilation: webpack.Compilation) => { html: string; problems: string[] } | undefined} render
 *   a language's page and what is wrong with it (each fails the build); undefined when its sources are missing
 */
function emitLanguagePages(compiler, plugin, pageOf, render) {
  compiler.hooks.thisCompilation.tap(plugin, (compilation) => {
    compilation.hooks.processAssets.tap(
      { name: plugin, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
      () => {
        for (const language of Object.keys(LOCALES.languages)) {
          const page = render(language, compilation);
          if (!page) continue;
          for (const problem of page.problems)
            compilation.errors.push(new webpack.WebpackError(`${plugin}: ${problem}`));
          compilation.emitAsset(pageOf(language), new webpack.sources.RawSource(page.html));
        }
      },
    );
  });
}

module.exports = { emitLanguagePages, escapeHtml, fromAssets, helpPage, otherLanguages, pageStart, supportPage };
