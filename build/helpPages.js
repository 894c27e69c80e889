// @ts-check
/**
 * The help page in each of the add-in's languages: assets/help.html in English and
 * assets/help.<language>.html, written by the build from what is already translated, so nothing is
 * written twice: every CLIMATE function with its and its arguments' descriptions from that language's
 * metadata (functions.json, functions-<language>.json: build/functionsLocales.js), a few sections from
 * src/i18n/messages/help.json, and examples per function in that language's argument separator
 * (src/i18n/locales.json). Plain HTML with no script; each page links the others, its language's
 * support page and the full English reference (help/functions.html).
 */
'use strict';

const LOCALES = require('../src/i18n/locales.json');
const { metadataFile } = require('./functionsLocales');
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
const HELP = require('../src/i18n/messages/help.json');

const NAMESPACE = 'CLIMATE';
/** The English reference the build publishes from docs/functions.md, relative to assets/. */
const REFERENCE = '../help/functions.html';

/**
 * Examples per function, written once with "," between arguments; each page writes them with its
 * language's separator. A function without examples here fails the build.
 * @type {Record<string, string[]>}
 */
const EXAMPLES = {
  ORG: ['=CLIMATE.ORG(A2)', '=CLIMATE.ORG("Siemens", "siemens.com", "DE")'],
  SCORE: ['=CLIMATE.SCORE(A2)', '=CLIMATE.SCORE(A2, B2, C2)'],
  FLAG: ['=CLIMATE.FLAG(A2, "SBTi")', '=CLIMATE.FLAG(A2, "RE100", B2)'],
  MATCH: ['=CLIMATE.MATCH(A2)', '=CLIMATE.MATCH(A2, B2, C2)'],
  FLAGS: ['=CLIMATE.FLAGS(A2)'],
  PROFILE: ['=CLIMATE.PROFILE(A2)', '=CLIMATE.PROFILE(A2, "score,percentile,industry_rank,sbti")'],
  HEADERS: ['=CLIMATE.HEADERS()', '=CLIMATE.HEADERS("score,percentile,industry_rank,sbti")'],
  LINK: ['=CLIMATE.LINK(A2)'],
  STATUS: ['=CLIMATE.STATUS(A2)'],
  INDUSTRIES: ['=CLIMATE.INDUSTRIES()', '=CLIMATE.INDUSTRIES("steel")'],
  SBTI: ['=CLIMATE.SBTI("isin:DE0007236101")', '=CLIMATE.SBTI(A2, "net_zero_year")'],
  ACTIONS: ['=CLIMATE.ACTIONS(A2)'],
};

/** The dot-field example of the card section (no arguments: the same in every language). */
const DOT_FIELD = '=B2.Score';

/**
 * A formula written with "," between arguments, with `separator` instead: every comma outside quoted
 * text (a PROFILE field list "score,percentile" stays as it is).
 * @param {string} formula @param {string} separator
 */
function withSeparator(formula, separator) {
  let quoted = false;
  let out = '';
  for (const char of formula) {
    if (char === '"') quoted = !quoted;
    out += !quoted && char === ',' ? separator : char;
  }
  return out;
}

/**
 * @typedef {{ name: string; description?: string; optional?: boolean }} Parameter
 * @typedef {{ id: string; name: string; description?: string; parameters: Parameter[] }} FunctionMetadata
 */

/**
 * One language's page.
 * @param {string} language
 * @param {FunctionMetadata[]} functions  that language's metadata
 * @returns {{ html: string; problems: string[] }}
 */
function renderHelpPage(language, functions) {
  const problems = [];
  const text = (/** @type {string} */ key) => escapeHtml(HELP[key][language]);
  const { listSeparator } = LOCALES.languages[language];
  const code = (/** @type {string} */ formula) => `<code>${escapeHtml(formula)}</code>`;
  const sections = functions.map((fn) => {
    const examples = Object.hasOwn(EXAMPLES, fn.id) ? EXAMPLES[fn.id] : [];
    if (examples.length === 0 && language === LOCALES.default)
      problems.push(`build/helpPages.js: ${fn.id} has no example`);
    const parameters = fn.parameters
      .map(
        (parameter) =>
          `<li><code>${escapeHtml(parameter.name)}</code>${parameter.optional ? ` (${text('help.optional')})` : ''}: ${escapeHtml(parameter.description ?? '')}</li>`,
      )
      .join('\n        ');
    return `
    <section id="${fn.id.toLowerCase()}">
      <h3>${NAMESPACE}.${escapeHtml(fn.name)}</h3>
      <p>${escapeHtml(fn.description ?? '')}</p>${
        fn.parameters.length > 0
          ? `\n      <h4>${text('help.arguments')}</h4>\n      <ul>\n        ${parameters}\n      </ul>`
          : ''
      }
      <h4>${text('help.examples')}</h4>
      <ul class="examples">
        ${examples.map((example) => `<li>${code(withSeparator(example, listSeparator))}</li>`).join('\n        ')}
      </ul>
    </section>`;
  });
  const style = ' code { font-family: Consolas, "Courier New", monospace; overflow-wrap: anywhere; }';
  const html = `${pageStart(language, text('help.title'), style)}
    <h2 id="start">${text('help.start.title')}</h2>
    <p>${text('help.start.body')}</p>
    <h2 id="key">${text('help.key.title')}</h2>
    <p>${text('help.key.body')}</p>
    <h2 id="refresh">${text('help.refresh.title')}</h2>
    <p>${text('help.refresh.body')}</p>
    <h2 id="fields">${text('help.fields.title')}</h2>
    <p>${text('help.fields.body').replace('{example}', code(DOT_FIELD))}</p>
    <h2 id="attribution">${text('help.attribution.title')}</h2>
    <p>${text('help.attribution.body')}</p>
    <h2 id="functions">${text('help.functions.title')}</h2>
    <p>${text('help.functions.separator').replace('{separator}', `<code>${escapeHtml(listSeparator)}</code>`)}</p>${sections.join('')}
    <p><a href="${REFERENCE}">${text('help.reference')}</a> · <a href="${fromAssets(supportPage(language))}">${text('help.support')}</a></p>
    ${otherLanguages(helpPage, language)}
  </body>
</html>
`;
  return { html, problems };
}

/** Emits every language's help page; registered after FunctionsLocalesPlugin, whose files it reads. */
class HelpPagesPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    emitLanguagePages(compiler, 'HelpPagesPlugin', helpPage, (language, compilation) => {
      const asset = compilation.getAsset(metadataFile(language));
      if (!asset) return undefined; // the metadata plugins have reported why
      /** @type {{ functions: FunctionMetadata[] }} */
      const metadata = JSON.parse(asset.source.source().toString());
      return renderHelpPage(language, metadata.functions);
    });
  }
}

module.exports = { HelpPagesPlugin };
