/**
 * taskpane.html holds no words of its own: each text a person reads or hears names its message
 * (`data-i18n`, `data-i18n-<attribute>`), so a text added to the page in English only fails here,
 * and every key it names is a message of the catalogs (which test/i18n checks in six languages).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGS } from '../../../src/i18n/translate';
import { TRANSLATED_ATTRIBUTES } from '../../../src/taskpane/ui/paneText';

const PAGE = readFileSync(join(__dirname, '../../../src/taskpane/taskpane.html'), 'utf8');

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

/** Elements whose content is never text shown to a person. */
const NO_TEXT_CONTENT = new Set(['script', 'style']);
const VOID = new Set(['meta', 'link', 'img', 'input', 'br', 'hr', 'source']);

/**
 * The page read as tags and texts, in order: each text with the elements it sits in. A tokenizer for
 * this one page (well-formed, written by us), not a general HTML parser: comments are dropped, and
 * the build's `<%= … %>` placeholders sit inside quoted attribute values.
 */
function readPage(html: string): { tags: Tag[]; texts: Array<{ text: string; inside: Tag[] }> } {
  const tags: Tag[] = [];
  const texts: Array<{ text: string; inside: Tag[] }> = [];
  const open: Tag[] = [];
  const token =
    /<!--[\s\S]*?-->|<!doctype[^>]*>|<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>|([^<]+)/gi;
  for (const match of html.matchAll(token)) {
    const [, closing, name, attributeText, text] = match;
    if (text !== undefined) {
      if (!open.some((tag) => NO_TEXT_CONTENT.has(tag.name))) texts.push({ text, inside: [...open] });
    } else if (name && closing) {
      const at = open.map((tag) => tag.name).lastIndexOf(name.toLowerCase());
      expect(at).toBeGreaterThanOrEqual(0); // the page closes what it opened
      open.length = at;
    } else if (name) {
      const attributes = new Map<string, string>();
      for (const [, attribute, , double, single, bare] of (attributeText ?? '').matchAll(
        /([^\s=]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
      ))
        attributes.set(attribute.toLowerCase(), double ?? single ?? bare ?? '');
      const tag = { name: name.toLowerCase(), attributes };
      tags.push(tag);
      if (!VOID.has(tag.name) && !match[0].endsWith('/>')) open.push(tag);
    }
  }
  return { tags, texts };
}

/** Words: a letter of any script (digits, punctuation and a count in brackets are the same in every language). */
const hasWords = (text: string): boolean => /\p{L}/u.test(text);

const { tags, texts } = readPage(PAGE);

test('the reader sees the page: its sections, their buttons and the footer', () => {
  expect(tags.filter((tag) => tag.name === 'details').length).toBeGreaterThanOrEqual(7);
  expect(tags.filter((tag) => tag.name === 'fluent-button').length).toBeGreaterThan(25);
  expect(tags.some((tag) => tag.name === 'footer')).toBe(true);
  // What the check below would catch, seen through the same reader.
  const planted = readPage('<p data-i18n="pane.title"></p><p>Hello</p><button aria-label="Close">×</button>');
  expect(planted.texts.map(({ text }) => text).filter(hasWords)).toEqual(['Hello']);
  expect(planted.tags[2].attributes.get('aria-label')).toBe('Close');
});

test('no text of the page is written in it: every one is a message, filled in the pane’s language', () => {
  const written = texts
    .filter(({ text }) => hasWords(text))
    .map(({ text, inside }) => {
      const where = inside.at(-1);
      return `${where?.attributes.get('id') ?? where?.name}: ${text.trim()}`;
    });
  expect(written).toEqual([]);
});

test('no attribute a person reads or hears holds words: each names its message in data-i18n-<attribute>', () => {
  const written = tags.flatMap((tag) =>
    TRANSLATED_ATTRIBUTES.filter((attribute) => hasWords(tag.attributes.get(attribute) ?? '')).map(
      (attribute) => `${tag.attributes.get('id') ?? tag.name} ${attribute}="${tag.attributes.get(attribute)}"`,
    ),
  );
  expect(written).toEqual([]);
});

test('an element that names its message holds nothing else: the catalog is the one place of its words', () => {
  const filled = texts
    .filter(({ text, inside }) => text.trim() !== '' && inside.at(-1)?.attributes.has('data-i18n'))
    .map(({ text }) => text.trim());
  expect(filled).toEqual([]);
});

test('every message the page names exists', () => {
  const markers = ['data-i18n', ...TRANSLATED_ATTRIBUTES.map((attribute) => `data-i18n-${attribute}`)];
  const named = tags.flatMap((tag) => markers.flatMap((marker) => tag.attributes.get(marker) ?? []));
  expect(named.length).toBeGreaterThan(90);
  expect(named.filter((key) => !Object.hasOwn(CATALOGS.en, key))).toEqual([]);
});
