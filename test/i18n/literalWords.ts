/**
 * The rule by which the guards against English-only text tell words a person reads from names the
 * code uses, over the string and template literals of a source file (read with the TypeScript compiler,
 * so comments and regular expressions are not literals): a literal is words when it holds two words of
 * letters apart by a space ("key refused"), or is one capitalised word ("Remove"). Names such as
 * `success`, `fluent-button`, `aria-label` or `climate.pane.projects` are neither.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The TypeScript files under `folder` (declarations left out), at any depth. */
export const sourceFiles = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });

/** Two words of letters with a space between, or one capitalised word alone. */
export function isWords(text: string): boolean {
  return /\p{L}{2,}[\s\u00a0]+\p{L}{2,}/u.test(text) || /^\s*\p{Lu}\p{Ll}+[.…:!?]?\s*$/u.test(text);
}

export interface Literal {
  text: string;
  line: number;
}

/**
 * The string and template literals of the file at `path`, a template's parts joined with {} where its
 * expressions go; none under a property named in `skipProperties` (`meaning: '…'`, documentation).
 */
export function literals(path: string, skipProperties: readonly string[] = []): Literal[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Literal[] = [];
  const visit = (node: ts.Node): void => {
    // A module's path is not words, nor is a literal type.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return;
    if (ts.isPropertyAssignment(node) && skipProperties.includes(node.name.getText(source))) return;
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
