// @ts-check
/**
 * Markdown to HTML for the function reference (docs/functions.md), at build time: markdown-it
 * (CommonMark, tables included) with three rules of ours on top, all about what may reach the page:
 * - HTML in the source is text (markdown-it's `html: false`), except a line that is nothing but an empty
 *   anchor with a plain id, `<a id="name"></a>`: the reference places one before each section that
 *   the functions' help links open;
 * - links go only to web, mail and relative addresses; any other is left as its text;
 * - a table column's alignment is a class (`center`, `right`), styled by the page, not an inline style.
 * Plain CommonJS so webpack.config.js can load it without a TypeScript hook.
 */
'use strict';

const MarkdownIt = require('markdown-it');

const ANCHOR_LINE = /^<a id="[A-Za-z][\w.:-]*"><\/a>$/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
/** Text for HTML, in content or a double-quoted attribute (markdown-it's own escaping: & < > "). */
const escapeHtml = markdown.utils.escapeHtml;

/** @param {string} url */
markdown.validateLink = (url) => {
  const scheme = SCHEME.exec(url.trim());
  return scheme === null || SAFE_SCHEMES.has(scheme[1].toLowerCase());
};

// An anchor line becomes markup of its own (no paragraph around it); with `html: false` it would be text.
markdown.block.ruler.before('paragraph', 'anchor', (state, startLine, _endLine, silent) => {
  const line = state.src.slice(state.bMarks[startLine] + state.tShift[startLine], state.eMarks[startLine]).trimEnd();
  if (state.sCount[startLine] - state.blkIndent >= 4 || !ANCHOR_LINE.test(line)) return false;
  if (silent) return true;
  const token = state.push('html_block', '', 0);
  token.content = `${line}\n`;
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
});

for (const cell of ['th_open', 'td_open']) {
  markdown.renderer.rules[cell] = (tokens, index, options, _env, renderer) => {
    const token = tokens[index];
    const align = /text-align:\s*(\w+)/.exec(token.attrGet('style') ?? '')?.[1];
    if (align !== undefined) {
      token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
      if (align === 'center' || align === 'right') token.attrJoin('class', align);
    }
    return renderer.renderToken(tokens, index, options);
  };
}

/**
 * The addresses of the images the tokens show, as written: the page needs those files beside it.
 * @param {ReturnType<typeof markdown.parse>} tokens @param {Set<string>} found
 * @returns {Set<string>}
 */
function imagesIn(tokens, found = new Set()) {
  for (const token of tokens) {
    const src = token.type === 'image' ? token.attrGet('src') : null;
    if (src) found.add(src);
    if (token.children) imagesIn(token.children, found);
  }
  return found;
}

/**
 * The reference's Markdown as HTML, safe to place in the help page as it is, and the images it shows,
 * from one parse.
 * @param {string} source
 * @returns {{ html: string; images: string[] }}
 */
function renderMarkdown(source) {
  const tokens = markdown.parse(source, {});
  return { html: markdown.renderer.render(tokens, markdown.options, {}), images: [...imagesIn(tokens)] };
}

module.exports = { escapeHtml, renderMarkdown };
