// A fresh `npm ci` runs no dependency's install script unless package.json's `allowScripts` says so,
// and warns about every one it skipped without a decision. Each is decided (docs/toolchain.md says
// why each is denied), and what the denied scripts would have prepared works without them.
import { readFileSync } from 'fs';
import { join } from 'path';
import { ROOT } from './dist';

const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, unknown>;

test('every locked package with an install script has a decision in allowScripts, so npm ci warns of none', () => {
  const lock = read('package-lock.json') as {
    packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
  };
  const allowScripts = (read('package.json').allowScripts ?? {}) as Record<string, boolean>;
  const decided = (name: string, version?: string) => name in allowScripts || `${name}@${version}` in allowScripts;
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([where, entry]) => ({ name: where.replace(/^.*node_modules\//, ''), version: entry.version }));
  expect(withScripts.length).toBeGreaterThan(0);
  expect(withScripts.filter(({ name, version }) => !decided(name, version))).toEqual([]);
});

test("esbuild (tsx's compiler) works without its postinstall: npm installs its platform binary package itself", () => {
  const { transformSync } = require('esbuild') as typeof import('esbuild');
  expect(transformSync('const rows: number = 5000;', { loader: 'ts' }).code).toBe('const rows = 5e3;\n');
});
