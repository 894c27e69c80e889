// @ts-check
/**
 * Markdown to HTML for the function reference (docs/functions.md), at build time. Plain CommonJS so
 * webpack.config.js can load it without a TypeScript hook. Only the subset the reference uses:
 * ATX headings, paragraphs, flat lists, pipe tables, fenced code blocks, code spans, **strong**,
 * *emphasis*, [links](url), backslash escapes, character references and empty anchors
 * `<a id="name"></a>`. Everything else, raw HTML above all, comes out as escaped text.
 *
 * Over 300 lines because it is one renderer with one escaping rule throughout; a Markdown library would
 * be the better home for it, and is not among the build's dependencies.
 */
'use strict';

/** @type {Record<string, string>} */
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const ESCAPABLE = /^[!-/:-@[-`{-~]$/; // ASCII punctuation, as CommonMark's backslash escapes
const ANCHOR = /^<a id="([A-Za-z][\w.:-]*)"><\/a>/;
const ENTITY = /^&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * The code span opening at `start` (a run of backticks closed by a run of the same length).
 * @param {string} text @param {number} start
 * @returns {{ content: string; end: number } | null}
 */
function codeSpan(text, start) {
  const ticks = /^`+/.exec(text.slice(start))?.[0] ?? '';
  let from = start + ticks.length;
  for (;;) {
    const close = text.indexOf(ticks, from);
    if (close < 0) return null;
    const after = close + ticks.length;
    if (text[after] === '`') {
      from = after + (/^`+/.exec(text.slice(after))?.[0].length ?? 0); // a longer run: not the closer
      continue;
    }
    let content = text.slice(start + ticks.length, close).replace(/\n/g, ' ');
    if (content.startsWith(' ') && content.endsWith(' ') && content.trim()) content = content.slice(1, -1);
    return { content, end: after };
  }
}

/**
 * Where `delimiter` closes an emphasis opened before `from`: preceded by a non-space, not part of a
 * longer run of `*`, and outside code spans and escapes.
 * @param {string} text @param {number} from @param {string} delimiter
 */
function findCloser(text, from, delimiter) {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '`') i = (codeSpan(text, i)?.end ?? i + 1) - 1;
    else if (
      text.startsWith(delimiter, i) &&
      !/\s/.test(text[i - 1]) &&
      text[i - 1] !== '*' &&
      text[i + delimiter.length] !== '*'
    )
      return i;
  }
  return -1;
}

/**
 * The `]` closing the link text opened at `start`, skipping code spans, escapes and nested brackets.
 * @param {string} text @param {number} start
 */
function closingBracket(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '`') i = (codeSpan(text, i)?.end ?? i + 1) - 1;
    else if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return i;
  }
  return -1;
}

/** Link targets a help page may follow: http(s), mailto, and relative addresses (fragments too). @param {string} url */
function safeUrl(url) {
  const scheme = SCHEME.exec(url)?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}

/**
 * Inline Markdown of one block to HTML.
 * @param {string} text
 * @returns {string}
 */
function inline(text) {
  let html = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const rest = text.slice(i);
    if (c === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) {
      html += escapeHtml(text[i + 1]);
      i += 2;
      continue;
    }
    if (c === '`') {
      const span = codeSpan(text, i);
      const ticks = /^`+/.exec(rest)?.[0] ?? c;
      html += span ? `<code>${escapeHtml(span.content)}</code>` : ticks;
      i = span ? span.end : i + ticks.length;
      continue;
    }
    const anchor = c === '<' ? ANCHOR.exec(rest) : null;
    if (anchor) {
      html += `<a id="${escapeHtml(anchor[1])}"></a>`;
      i += anchor[0].length;
      continue;
    }
    const entity = c === '&' ? ENTITY.exec(rest) : null;
    if (entity) {
      html += entity[0];
      i += entity[0].length;
      continue;
    }
    if (c === '[') {
      const close = closingBracket(text, i);
      const target = close < 0 ? null : /^\(([^\s()]*)\)/.exec(text.slice(close + 1));
      if (target) {
        const label = inline(text.slice(i + 1, close));
        html += safeUrl(target[1]) ? `<a href="${escapeHtml(target[1])}">${label}</a>` : label;
        i = close + 1 + target[0].length;
        continue;
      }
    }
    if (c === '*') {
      const delimiter = rest.startsWith('**') ? '**' : '*';
      const opens = rest[delimiter.length] !== undefined && !/[\s*]/.test(rest[delimiter.length]);
      const close = opens ? findCloser(text, i + delimiter.length + 1, delimiter) : -1;
      if (close >= 0) {
        const tag = delimiter === '**' ? 'strong' : 'em';
        html += `<${tag}>${inline(text.slice(i + delimiter.length, close))}</${tag}>`;
        i = close + delimiter.length;
        continue;
      }
      html += escapeHtml(delimiter);
      i += delimiter.length;
      continue;
    }
    html += escapeHtml(c);
    i++;
  }
  return html;
}

const FENCE = /^ {0,3}(?:(`{3,})([^`]*)|(~{3,})(.*))$/; // a backtick fence's info string has no backtick
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$/;
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])\s+(.*)$/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/**
 * The cells of a table row: split on `|` outside code spans and escapes, outer pipes dropped.
 * @param {string} line
 */
function tableCells(line) {
  const cells = [];
  let cell = '';
  const row = line.trim().replace(/^\|/, '');
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '\\' && row[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (row[i] === '`') {
      const end = codeSpan(row, i)?.end ?? i + 1;
      cell += row.slice(i, end);
      i = end - 1;
    } else if (row[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += row[i];
    }
  }
  if (cell.trim() || !row.endsWith('|')) cells.push(cell.trim());
  return cells;
}

/** @param {string[]} lines @param {number} i */
function tableStarts(lines, i) {
  return (
    lines[i].includes('|') &&
    TABLE_DELIMITER.test(lines[i + 1] ?? '') &&
    tableCells(lines[i]).length === tableCells(lines[i + 1]).length
  );
}

/** @param {{ marker: string }} item */
const ordered = (item) => /\d/.test(item.marker);

/** @param {string} line */
function listItem(line) {
  const match = LIST_ITEM.exec(line);
  return match ? { marker: match[1], text: match[2] } : null;
}

/** Whether `line` begins a block that ends a paragraph. @param {string[]} lines @param {number} i */
function interrupts(lines, i) {
  const item = listItem(lines[i]);
  return (
    FENCE.test(lines[i]) ||
    HEADING.test(lines[i]) ||
    tableStarts(lines, i) ||
    (item !== null && (!ordered(item) || /^1\D/.test(item.marker)))
  );
}

/** @param {string} delimiter */
function alignment(delimiter) {
  const cell = delimiter.trim();
  if (cell.startsWith(':') && cell.endsWith(':')) return ' class="center"';
  if (cell.endsWith(':')) return ' class="right"';
  return '';
}

/**
 * @param {string[]} lines
 * @param {number} start
 * @returns {{ html: string; next: number }}
 */
function table(lines, start) {
  const header = tableCells(lines[start]);
  const aligns = tableCells(lines[start + 1]).map(alignment);
  /** @param {string[]} cells @param {string} tag */
  const row = (cells, tag) =>
    `<tr>${header.map((_, column) => `<${tag}${aligns[column]}>${inline(cells[column] ?? '')}</${tag}>`).join('')}</tr>`;
  const body = [];
  let i = start + 2;
  while (
    i < lines.length &&
    lines[i].trim() &&
    lines[i].includes('|') &&
    !FENCE.test(lines[i]) &&
    !HEADING.test(lines[i])
  ) {
    body.push(row(tableCells(lines[i]), 'td'));
    i++;
  }
  const tbody = body.length ? `\n<tbody>\n${body.join('\n')}\n</tbody>` : '';
  return { html: `<table>\n<thead>\n${row(header, 'th')}\n</thead>${tbody}\n</table>`, next: i };
}

/**
 * A flat list: items of one kind, each with its continuation lines; a blank line ends the list
 * unless another item of the same kind follows.
 * @param {string[]} lines
 * @param {number} start
 * @returns {{ html: string; next: number }}
 */
function list(lines, start) {
  const first = /** @type {{ marker: string; text: string }} */ (listItem(lines[start]));
  const items = [first.text];
  let i = start + 1;
  while (i < lines.length) {
    const item = listItem(lines[i]);
    if (item && ordered(item) === ordered(first)) items.push(item.text);
    else if (!lines[i].trim()) {
      let j = i;
      while (j < lines.length && !lines[j].trim()) j++;
      const after = j < lines.length ? listItem(lines[j]) : null;
      if (!after || ordered(after) !== ordered(first)) break;
      i = j;
      continue;
    } else if (!item && !interrupts(lines, i)) items[items.length - 1] += `\n${lines[i].trim()}`;
    else break;
    i++;
  }
  const number = parseInt(first.marker, 10);
  const open = !ordered(first) ? '<ul>' : number === 1 ? '<ol>' : `<ol start="${number}">`;
  const close = ordered(first) ? '</ol>' : '</ul>';
  return { html: `${open}\n${items.map((text) => `<li>${inline(text)}</li>`).join('\n')}\n${close}`, next: i };
}

/**
 * A fenced code block; an unclosed fence runs to the end of the document (as CommonMark).
 * @param {string[]} lines
 * @param {number} start
 * @returns {{ html: string; next: number }}
 */
function codeBlock(lines, start) {
  const [, ticks, tickInfo, tildes, tildeInfo] = /** @type {RegExpExecArray} */ (FENCE.exec(lines[start]));
  const fence = ticks ?? tildes;
  const language = (tickInfo ?? tildeInfo).trim().split(/\s+/)[0];
  const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
  let i = start + 1;
  const body = [];
  while (i < lines.length && !closing.test(lines[i])) body.push(lines[i++]);
  const className = /^[\w+-]+$/.test(language) ? ` class="language-${language}"` : '';
  return {
    html: `<pre><code${className}>${escapeHtml(body.join('\n'))}${body.length ? '\n' : ''}</code></pre>`,
    next: i + 1,
  };
}

/**
 * The HTML of a Markdown document (a fragment for a page's body).
 * @param {string} markdown
 * @returns {string}
 */
function markdownToHtml(markdown) {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const heading = HEADING.exec(line);
    /** @type {{ html: string; next: number } | null} */
    let block = null;
    if (!line.trim()) i++;
    else if (FENCE.test(line)) block = codeBlock(lines, i);
    else if (heading)
      block = { html: `<h${heading[1].length}>${inline(heading[2] ?? '')}</h${heading[1].length}>`, next: i + 1 };
    else if (tableStarts(lines, i)) block = table(lines, i);
    else if (listItem(line)) block = list(lines, i);
    else {
      const paragraph = [line.trim()];
      for (i++; i < lines.length && lines[i].trim() && !interrupts(lines, i); i++) paragraph.push(lines[i].trim());
      const html = inline(paragraph.join('\n'));
      // A line of anchors only (`<a id="score"></a>` above a heading) is no paragraph of its own.
      blocks.push(/^(<a id="[^"]*"><\/a>\s*)+$/.test(html) ? html : `<p>${html}</p>`);
    }
    if (block) {
      blocks.push(block.html);
      i = block.next;
    }
  }
  return `${blocks.join('\n')}\n`;
}

module.exports = { markdownToHtml, escapeHtml };
