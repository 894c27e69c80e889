// The production build the build and manifest tests read.
import { execFileSync } from 'child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';

export const ROOT = resolve(__dirname, '..', '..');
const WEBPACK_CLI = require.resolve('webpack-cli/bin/cli.js');

/** Runs `webpack --mode production` into `outDir`; throws with webpack's output when the build fails. */
export function buildProduction(
  outDir: string,
  options: { flags?: string[]; env?: Record<string, string> } = {},
): string {
  try {
    execFileSync(
      process.execPath,
      [WEBPACK_CLI, '--mode', 'production', '--output-path', outDir, ...(options.flags ?? [])],
      {
        cwd: ROOT,
        env: { ...process.env, ADDIN_URL: '', CLIMATE_BASE_URL: '', ...options.env },
        stdio: 'pipe',
      },
    );
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`webpack failed:\n${stdout}\n${stderr}`, { cause: error });
  }
  return outDir;
}

const created: string[] = [];

/** A fresh folder for a build; `removeTempDirs` (in afterAll) deletes this test file's folders. */
export function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `climate-${label}-`));
  created.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * dist/ as `npm run build` (run by `npm test` before jest) left it; when it is missing or is a
 * development build, a fresh production build in a private folder (never racing other test files).
 */
export function productionDist(): string {
  const dist = join(ROOT, 'dist');
  const manifest = join(dist, 'manifest.xml');
  if (existsSync(manifest) && !readFileSync(manifest, 'utf8').includes('https://localhost:3000')) return dist;
  return buildProduction(tempDir('dist'));
}
