/**
 * Sentences a status line puts together are joined by src/i18n/sentences.ts, which leaves out the
 * space after Japanese's 。; a room that joins two texts with a space of its own (`${a} ${b}`,
 * ` ${t(…)}`) writes a stray space between Japanese sentences. The rule, over the rooms' template
 * literals (read with the TypeScript compiler): a template whose fixed text is nothing but spaces
 * joins texts by hand when a space comes before an expression (a space after the last one only sets
 * a text apart from the buttons that follow it on its line).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from '../../i18n/literalWords';

const PANE = join(__dirname, '../../../src/taskpane');

/** Files whose space-joined templates are no sentences. */
const NOT_SENTENCES: Record<string, string> = {
  'firstRun/sampleSheet.ts': "a sheet's name and its number (`Sample 2`, as Excel numbers sheets)",
};

function spaceJoins(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTemplateExpression(node)) {
      const fixed = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      const beforeAnExpression = fixed.slice(0, -1);
      if (fixed.every((part) => /^ *$/.test(part)) && beforeAnExpression.some((part) => part !== ''))
        found.push(`${relative(PANE, path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('no room joins sentences with a space of its own: sentences() does, as each language writes them', () => {
  const files = sourceFiles(PANE).filter((path) => !(relative(PANE, path).split('\\').join('/') in NOT_SENTENCES));
  expect(files.flatMap(spaceJoins)).toEqual([]);
});
