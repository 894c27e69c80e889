// @ts-check
/**
 * The add-in's support page (help, privacy, terms) in each of its languages, as the manifests link it:
 * assets/support.html in English and assets/support.<language>.html, written by the build from the
 * messages of src/i18n/messages/support.json, so each language's page says the same as the
 * English one and nothing is written twice. Plain HTML with no script; each page links the others
 * and its language's help page.
 */
'use strict';

const provider = require('../src/provider.json');
const {
  emitLanguagePages,
  escapeHtml,
  fromAssets,
  helpPage,
  otherLanguages,
  pageStart,
  supportPage,
} = require('./languagePages');

/** @type {Record<string, Record<string, string>>} */
const SUPPORT = require('../src/i18n/messages/support.json');
/** @type {Record<string, Record<string, string>>} */
const HELP = require('../src/i18n/messages/help.json');

/**
 * One language's page.
 * @param {string} language
 * @returns {string}
 */
function renderSupportPage(language) {
  const text = (/** @type {string} */ key) => escapeHtml(SUPPORT[key][language]);
  const site = `<a href="${escapeHtml(provider.site)}">${escapeHtml(provider.site)}</a>`;
  return `${pageStart(language, text('support.title'), '')}
    <p>${text('support.intro')}</p>
    <ul>
      <li>${text('support.formula')}</li>
      <li>${text('support.selection')}</li>
      <li>${text('support.key').replace('{site}', site)}</li>
      <li>${text('support.refresh')}</li>
    </ul>
    <p><a href="${fromAssets(helpPage(language))}">${escapeHtml(HELP['help.title'][language])}</a></p>
    <p><img src="${escapeHtml(fromAssets(provider.logoPng))}" alt="" width="16" height="16" /> ${text('support.attribution')}</p>
    <h2 id="privacy">${text('support.privacy.title')}</h2>
    <p>${text('support.privacy.body')}</p>
    <h2 id="terms">${text('support.terms.title')}</h2>
    <p>${text('support.terms.body')}</p>
    ${otherLanguages(supportPage, language)}
  </body>
</html>
`;
}

/** Emits every language's support page into the build output. */
class SupportPagesPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    emitLanguagePages(compiler, 'SupportPagesPlugin', supportPage, (language) => ({
      html: renderSupportPage(language),
      problems: [],
    }));
  }
}

module.exports = { SupportPagesPlugin };
