/**
 * `npm run test:unit` leaves out every test that needs the build or a browser, and only those: the
 * split testKinds.js makes from imports, checked on files of each kind and against the file suffixes.
 */
import { execFileSync } from 'child_process';
import { join } from 'path';
import { testKind } from './testKinds';

const ROOT = join(__dirname, '..', '..');
const testFiles = execFileSync('git', ['ls-files', 'test'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.endsWith('.test.ts'));

test.each([
  ['test/engine/flow/limiter.test.ts', 'unit'],
  ['test/sandbox/batch.test.ts', 'unit'],
  ['test/settings/settingsDoc.test.ts', 'unit'],
  ['test/harness/cards.test.ts', 'build'],
  ['test/functions/docs.test.ts', 'build'],
  ['test/build/help.test.ts', 'build'],
  ['test/taskpane/summary/summary.browser.test.ts', 'browser'],
  ['test/harness/cards.chromium.test.ts', 'browser'],
  // No suffix says so: it drives Chromium through the harness, and its imports tell.
  ['test/security/keyEchoInCells.test.ts', 'browser'],
])('%s is a %s test', (file, kind) => {
  expect(testKind(file)).toBe(kind);
});

test('a script a test runs by its file name counts as imported', () => {
  // runtimeRelease.test.ts imports nothing of the harness: its child process runs runtimeReleaseCheck.ts,
  // which opens the built bundle through the harness.
  expect(testKind('test/harness/runtimeRelease.test.ts')).not.toBe('unit');
});

test('every file named for a browser is sorted as a browser test', () => {
  const named = testFiles.filter((file) => /\.(browser|chromium)\.test\.ts$/.test(file));
  expect(named.length).toBeGreaterThan(20);
  expect(named.filter((file) => testKind(file) !== 'browser')).toEqual([]);
});

test('about two thirds of the files need neither the build nor a browser', () => {
  const unit = testFiles.filter((file) => testKind(file) === 'unit').length;
  expect(unit / testFiles.length).toBeGreaterThan(0.5);
});
