/**
 * Test code bundled for a page: a TypeScript entry and everything it imports, as one script a test
 * serves or injects (the workbook harness's core, the pane's Excel.run shim). Webpack with ts-loader
 * in transpile-only mode (the type check is tsc's job), no eval and no source map, so a page under a
 * strict Content-Security-Policy runs it; each entry is bundled once per process.
 */
import { mkdtempSync, readFileSync } from 'fs';
import os from 'os';
import path from 'path';
import webpack from 'webpack';

const ROOT = path.resolve(__dirname, '..', '..');
const bundles = new Map<string, Promise<string>>();

/** The script of `entry` (an absolute path to a .ts file) and its imports. */
export function bundleForPage(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (bundle === undefined) bundles.set(entry, (bundle = build(entry)));
  return bundle;
}

function build(entry: string): Promise<string> {
  const name = path.basename(entry, '.ts');
  const outDir = mkdtempSync(path.join(os.tmpdir(), `climate-page-${name}-`));
  return new Promise((resolve, reject) =>
    webpack(
      {
        mode: 'development',
        devtool: false,
        target: ['web', 'es2020'],
        entry,
        output: { path: outDir, filename: `${name}.js`, uniqueName: name },
        resolve: { extensions: ['.ts', '.js'] },
        module: {
          rules: [
            {
              test: /\.ts$/,
              loader: 'ts-loader',
              options: {
                transpileOnly: true,
                compilerOptions: { module: 'es2020', moduleResolution: 'bundler', rootDir: ROOT, sourceMap: false },
              },
            },
          ],
        },
      },
      (error, stats) => {
        if (error || !stats || stats.hasErrors()) return reject(error ?? new Error(stats?.toString('errors-only')));
        resolve(readFileSync(path.join(outDir, `${name}.js`), 'utf8'));
      },
    ),
  );
}
