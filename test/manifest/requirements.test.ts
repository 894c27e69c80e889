// The requirement sets both manifests declare are at least what the code uses without asking the host
// first: a set declared too low lets Office install the add-in where its cells then fail. The version
// of an API comes from Office's own typings, not from a table kept here.
import { readFileSync } from 'fs';
import { join } from 'path';
import { ROOT } from '../build/dist';
import { readUnified, summarizeJson, summarizeXml } from './manifests';

/** "1.10" > "1.9": requirement set versions compare part by part, as numbers. */
function atLeast(version: string, minimum: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  const [minMajor, minMinor] = minimum.split('.').map(Number);
  return major > minMajor || (major === minMajor && minor >= minMinor);
}

/** The set and version the typings give for a declaration, e.g. `class Error`. */
function apiSetOf(typingsFile: string, declaration: string): { name: string; version: string } {
  const typings = readFileSync(require.resolve(typingsFile), 'utf8');
  const pattern = new RegExp(`\\[Api set: (\\w+) ([\\d.]+)\\][\\s*/]*${declaration}\\b`);
  const match = pattern.exec(typings);
  if (!match) throw new Error(`${typingsFile} gives no requirement set for ${declaration}`);
  return { name: match[1], version: match[2] };
}

const declared = [
  { label: 'manifest.xml', sets: summarizeXml(join(ROOT, 'manifest.xml')).requirements },
  { label: 'manifest.json', sets: summarizeJson(readUnified(join(ROOT, 'manifest.json'))).requirements },
];

test.each(declared)('$label requires the CustomFunctionsRuntime that every failed cell needs', ({ sets }) => {
  // Every failed cell becomes a CustomFunctions.Error, with no check of the host first.
  const boundary = readFileSync(join(ROOT, 'src', 'functions', 'excelBoundary.ts'), 'utf8');
  expect(boundary).toContain('new CustomFunctions.Error(');
  const needed = apiSetOf('@types/custom-functions-runtime/index.d.ts', 'class Error');
  const version = sets.find((set) => set.startsWith(`${needed.name} `))?.split(' ')[1] ?? 'none';
  const enough = version !== 'none' && atLeast(version, needed.version);
  expect({ declared: version, needed: needed.version, enough }).toEqual({
    declared: version,
    needed: needed.version,
    enough: true,
  });
});

test('versions compare as numbers, part by part', () => {
  expect(atLeast('1.10', '1.9')).toBe(true);
  expect(atLeast('1.1', '1.2')).toBe(false);
  expect(atLeast('2.0', '1.5')).toBe(true);
});

/**
 * Where Microsoft's requirement-set tables give no shared runtime at all (Office on iPad and iPhone;
 * Excel on Android runs no add-ins), the manifests' SharedRuntime requirement keeps the add-in out.
 */
const NO_SHARED_RUNTIME = /\b(mobile|iPad|iPhone|iOS|Android)\b/i;

test('docs/sideloading.md offers a manifest to no Excel without the shared runtime', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'sideloading.md'), 'utf8');
  const table = doc.split('| Excel | takes |')[1]?.split('\n\n')[0] ?? '';
  const rows = table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('|---'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, excel, takes]) => ({ excel, takes }));
  expect(rows.length).toBeGreaterThan(3);
  const offered = rows.filter(({ takes }) => /manifest\.(xml|json)/.test(takes));
  expect(offered.filter(({ excel }) => NO_SHARED_RUNTIME.test(excel))).toEqual([]);
});
