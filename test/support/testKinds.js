/**
 * Which kind each test file is, read from what it imports (`npm run test:unit` runs the `unit` ones):
 * `browser` when it reaches a browser driver (playwright-core, puppeteer-core), `build` when it reaches
 * a helper that reads dist/ or runs webpack (the harness's and test/build's dist.ts), else `unit`,
 * which needs neither. Following imports rather than names keeps a new test in its kind without a
 * list to update: a test that opens a workbook over dist/ imports the harness, whatever its name.
 * A script a test runs by its file name (a child process, a worker) counts as imported.
 */
'use strict';
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..');
/** The helpers that read the built add-in or run webpack; whatever reaches one needs `npm run build`. */
const BUILD_HELPERS = ['test/harness/dist.ts', 'test/build/dist.ts'].map((file) => path.join(ROOT, file));
const BROWSER_PACKAGES = /^(playwright-core|puppeteer-core)(\/|$)/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bmock\s*\(\s*)['"]([^'"]+)['"]/g;
/** A TypeScript file named in a string, as a test names a script it runs in a child process or worker. */
const SCRIPT = /['"`]([\w./-]+\.ts)['"`]/g;

/** The files a test module imports from the repository (resolved), and the packages it imports. */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const files = [];
  const packages = [];
  for (const [, specifier] of text.matchAll(SPECIFIER)) {
    if (!specifier.startsWith('.')) {
      packages.push(specifier);
      continue;
    }
    const base = path.resolve(path.dirname(file), specifier);
    const found = [`${base}.ts`, path.join(base, 'index.ts'), base].find(
      (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
    if (found) files.push(found);
  }
  for (const [, script] of text.matchAll(SCRIPT)) {
    const found = [path.resolve(path.dirname(file), script), path.resolve(ROOT, script)].find(fs.existsSync);
    if (found) files.push(found);
  }
  return { files, packages };
}

/** 'browser', 'build' or 'unit' for a test file (absolute or relative to the repository). */
function testKind(testFile) {
  const start = path.resolve(ROOT, testFile);
  const seen = new Set();
  const pending = [start];
  let build = false;
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (BUILD_HELPERS.includes(file)) build = true;
    // Only test/ is followed: src/ and tools/ never reach dist/ or a browser driver.
    if (!file.startsWith(path.join(ROOT, 'test') + path.sep)) continue;
    const { files, packages } = importsOf(file);
    if (packages.some((name) => BROWSER_PACKAGES.test(name))) return 'browser';
    pending.push(...files);
  }
  return build ? 'build' : 'unit';
}

module.exports = { testKind };
