/**
 * Each message key is written once and said somewhere. An area file's key in a second area would be
 * dropped without a word (translate.ts pivots the areas into one catalog per language, the last one
 * wins), and a key nothing asks for is a text six translators keep up for no one. A key counts as said
 * when the add-in's code (src/, build/, webpack.config.js) or its page (taskpane.html's `data-i18n`)
 * names it in a string, or builds it in a template whose fixed parts it fits (`activity.errorKind.${kind}`,
 * `${key}.sandbox`); the tests do not count.
 */
import fs from 'fs';
import path from 'path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');
const MESSAGES = path.join(ROOT, 'src', 'i18n', 'messages');

const areas = fs
  .readdirSync(MESSAGES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({
    file,
    keys: Object.keys(JSON.parse(fs.readFileSync(path.join(MESSAGES, file), 'utf8')) as object),
  }));

/** The add-in's own source files: what ships or builds what ships. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === MESSAGES ? [] : sourceFiles(file);
    return /\.(ts|js|html)$/.test(entry.name) ? [file] : [];
  });
}

/** The strings the code names, and the templates it builds keys from (their fixed parts, a wildcard between). */
function namedStrings(): { strings: Set<string>; templates: RegExp[] } {
  const strings = new Set<string>();
  const templates: RegExp[] = [];
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const files = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'build'))];
  for (const file of [...files, path.join(ROOT, 'webpack.config.js')]) {
    const text = fs.readFileSync(file, 'utf8');
    if (file.endsWith('.html')) {
      for (const [, key] of text.matchAll(/\bdata-i18n(?:-[a-z-]+)?="([^"]+)"/g)) strings.add(key);
      continue;
    }
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node)) strings.add(node.text);
      else if (ts.isTemplateExpression(node)) {
        const fixed = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
        // Only a key-like template with a word of its own: `${a}.${b}` would fit every key.
        if (fixed.every((part) => /^[\w.-]*$/.test(part)) && /[a-z]{3}/i.test(fixed.join('')))
          templates.push(new RegExp(`^${fixed.map(escape).join('[\\w.-]+')}$`));
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false));
  }
  return { strings, templates };
}

test('no message key is in two area files', () => {
  const where = new Map<string, string[]>();
  for (const { file, keys } of areas) for (const key of keys) where.set(key, [...(where.get(key) ?? []), file]);
  expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
});

test('every message key is said by the add-in', () => {
  const { strings, templates } = namedStrings();
  const unsaid = areas.flatMap(({ file, keys }) =>
    keys
      .filter((key) => !strings.has(key) && !templates.some((template) => template.test(key)))
      .map((key) => `${file}: ${key}`),
  );
  expect(unsaid).toEqual([]);
});
