// @ts-check
/**
 * The add-in's support page (help, privacy, terms) in each of its languages, as the manifests link it:
 * assets/support.html in English and assets/support.<language>.html, written by the build from the
 * messages of src/i18n/messages/support.json, so each language's page says the same as the
 * English one and nothing is written twice. Plain HTML with no script; each page links the others
 * and its language's help page.
 */
'use strict';

const webpack = require('webpack');
const LOCALES = require('../src/i18n/locales.json');
const provider = require('../src/provider.json');

/** A page of the add-in in a language, relative to its base URL: assets/<stem>.html in English, else assets/<stem>.<language>.html. */
const localizedPage = (/** @type {string} */ stem) => (/** @type {string} */ language) =>
  language === LOCALES.default ? `assets/${stem}.html` : `assets/${stem}.${language}.html`;
/** The support page of a language. */
const supportPage = localizedPage('support');
/** The help page of a language (functions and examples: build/helpPages.js writes it). */
const helpPage = localizedPage('help');

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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
 * Links to a page in every language but `language`, each named in its own language.
 * @param {(language: string) => string} pageOf  the page of a language (supportPage, helpPage)
 * @param {string} language
 */
const otherLanguages = (pageOf, language) =>
  Object.entries(LOCALES.languages)
    .filter(([other]) => other !== language)
    .map(
      ([other, { name }]) =>
        `<a href="${pageOf(other).slice('assets/'.length)}" hreflang="${other}" lang="${other}">${escapeHtml(name)}</a>`,
    )
    .join(' · ');

/** @type {Record<string, Record<string, string>>} */
const SUPPORT = require('../src/i18n/messages/support.json');
/** @type {Record<string, Record<string, string>>} */
const HELP = require('../src/i18n/messages/help.json');

/** A language's support messages by key. @param {string} language @returns {Record<string, string>} */
const messagesOf = (language) =>
  Object.fromEntries(Object.entries(SUPPORT).map(([key, texts]) => [key, texts[language]]));

/**
 * One language's page.
 * @param {string} language
 * @returns {string}
 */
function renderSupportPage(language) {
  const messages = messagesOf(language);
  const text = (/** @type {string} */ key) => escapeHtml(messages[key]);
  const site = `<a href="${escapeHtml(provider.site)}">${escapeHtml(provider.site)}</a>`;
  return `${pageStart(language, text('support.title'), '')}
    <p>${text('support.intro')}</p>
    <ul>
      <li>${text('support.formula')}</li>
      <li>${text('support.selection')}</li>
      <li>${text('support.key').replace('{site}', site)}</li>
      <li>${text('support.refresh')}</li>
    </ul>
    <p><a href="${helpPage(language).slice('assets/'.length)}">${escapeHtml(HELP['help.title'][language])}</a></p>
    <p><img src="${escapeHtml(provider.logoPng.slice('assets/'.length))}" alt="" width="16" height="16" /> ${text('support.attribution')}</p>
    <h2 id="privacy">${text('support.privacy.title')}</h2>
    <p>${text('support.privacy.body')}</p>
    <h2 id="terms">${text('support.terms.title')}</h2>
    <p>${text('support.terms.body')}</p>
    <nav>${text('support.languages')} ${otherLanguages(supportPage, language)}</nav>
  </body>
</html>
`;
}

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

/** Emits every language's support page into the build output. */
class SupportPagesPlugin {
  /** @param {webpack.Compiler} compiler */
  apply(compiler) {
    emitLanguagePages(compiler, 'SupportPagesPlugin', supportPage, (language) => ({
      html: renderSupportPage(language),
      problems: [],
    }));
  }
}

module.exports = {
  SupportPagesPlugin,
  emitLanguagePages,
  escapeHtml,
  helpPage,
  otherLanguages,
  pageStart,
  renderSupportPage,
  supportPage,
};
