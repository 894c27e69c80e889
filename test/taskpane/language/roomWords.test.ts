/**
 * The pane's rooms say nothing in English of their own: every sentence, label and word they show
 * comes from t() (src/i18n/messages), so a room that writes a status line, a button or an error as a
 * string literal fails here. The rule, over each string and template literal of the rooms' code (read
 * with the TypeScript compiler, so comments and regular expressions are not literals): a literal is
 * words when it holds two words of letters apart by a space ("key refused"), or is one capitalised
 * word ("Remove"). Names the code uses as identifiers (`success`, `fluent-button`, `aria-label`,
 * `climate.pane.projects`) are neither; the few literals that read like words but are names an API
 * or the service defines are listed below with what defines them. The rooms listed are the ones moved to t(); a room joins the
 * list when its words are.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const PANE = join(__dirname, '../../../src/taskpane');

/** The rooms whose words are all in src/i18n/messages, and the pane's entry files. */
const ROOMS = ['activity', 'common', 'connection', 'firstRun', 'projects', 'reference', 'ui'];
const ENTRY = ['app.ts', 'taskpane.ts', 'outsideExcel.ts', 'paneActions.ts'];

/** Files of the rooms that hold no words by their subject. */
const NOT_WORDS: Record<string, string> = {
  'ui/styles.ts': 'the style sheet (CSS text)',
};

/** Literals that read like words but are names an API or the service defines, or a kind the code keys by. */
const CODE_NAMES: Record<string, string> = {
  Custom: 'Excel.ConditionalFormatType (common/reviewMark.ts)',
  Escape: 'KeyboardEvent.key (firstRun/firstRun.ts)',
  Yes: "the service's net_zero_committed value (reference/reference.ts)",
  'noopener noreferrer': "a link's rel (ui/view.ts)",
  'no value': 'a FailedRow kind other rooms key by (common/outcome.ts)',
  // SbtiOutcome kinds (reference/sheetSbtiChanges.ts), each shown through its sbti.label.* and sbti.outcome.* messages.
  'commitment removed': 'an SbtiOutcome kind',
  'targets expired': 'an SbtiOutcome kind',
  'not in the SBTi list': 'an SbtiOutcome kind',
  'targets set': 'an SbtiOutcome kind',
};

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });

const FILES = [...ROOMS.flatMap((room) => sourceFiles(join(PANE, room))), ...ENTRY.map((file) => join(PANE, file))]
  .map((path) => relative(PANE, path))
  .filter((file) => !(file in NOT_WORDS));

/** Two words of letters with a space between, or one capitalised word alone; not a name the code uses. */
function isWords(text: string): boolean {
  if (Object.hasOwn(CODE_NAMES, text)) return false;
  return /\p{L}{2,}[\s\u00a0]+\p{L}{2,}/u.test(text) || /^\s*\p{Lu}\p{Ll}+[.…:!?]?\s*$/u.test(text);
}

/** The string and template literals of a file, a template's parts joined with {} where its expressions go. */
function literals(file: string): Array<{ text: string; line: number }> {
  const source = ts.createSourceFile(file, readFileSync(join(PANE, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ text: string; line: number }> = [];
  const visit = (node: ts.Node): void => {
    // A module's path is not words, nor is a literal type.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return;
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    if (ts.isTemplateExpression(node))
      text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('{}');
    if (text !== null) found.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
    else node.templateSpans.forEach((span) => visit(span.expression));
  };
  visit(source);
  return found;
}

test('the rule tells words from the names code uses', () => {
  expect(['key refused', 'Remove', 'Not now', 'Saved.', '{} · no API key', 'Starting…'].map(isWords)).toEqual([
    true,
    true,
    true,
    true,
    true,
    true,
  ]);
  const names = ['success', 'fluent-button', 'aria-label', 'climate.pane.projects', 'connection.saved', 'ExcelApi'];
  expect([...names, '#{} ({})', 'M5.5 8.3l1.7 1.7', '0 0 16 16', 'Custom', 'Escape'].map(isWords)).toEqual(
    Array(11).fill(false),
  );
});

test('the rooms are read: each listed room has code, and literals are found in it', () => {
  for (const room of ROOMS) expect(FILES.some((file) => file.startsWith(`${room}/`))).toBe(true);
  expect(FILES.flatMap(literals).length).toBeGreaterThan(100);
});

test('no room writes words of its own: what a person reads comes from t()', () => {
  const written = FILES.flatMap((file) =>
    literals(file)
      .filter(({ text }) => isWords(text))
      .map(({ text, line }) => `${file}:${line}: ${text}`),
  );
  expect(written).toEqual([]);
});
