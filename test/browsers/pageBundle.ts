/**
 * Test code bundled for a page: a TypeScript entry and everything it imports, as one script a test
 * serves or injects (the workbook harness's core, the pane's Excel.run shim). Webpack with ts-loader
 * in transpile-only mode (the type check is tsc's job), no eval and no source map, so a page under a
 * strict Content-Security-Policy runs it.
 *
 * Each Jest worker is a process of its own, and webpack takes seconds on a loaded machine, so a bundle
 * is kept on disk beside the hash of every repository file it was built from, and built again only
 * when one of them changed.
 */
import { createHash } from 'crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'fs';
import os from 'os';
import path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');
const CACHE = path.join(os.tmpdir(), 'climate-page-bundles');
const bundles = new Map<string, Promise<string>>();

/** A bundle on disk: its script and the hash of each repository file it was built from. */
interface Kept {
  script: string;
  sources: Record<string, string>;
}

/** The script of `entry` (an absolute path to a .ts file) and its imports. */
export function bundleForPage(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (bundle === undefined) bundles.set(entry, (bundle = keptOrBuilt(entry)));
  return bundle;
}

const hashOf = (file: string): string | null => {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
};

async function keptOrBuilt(entry: string): Promise<string> {
  const keptAt = path.join(CACHE, `${createHash('sha256').update(entry).digest('hex').slice(0, 16)}.json`);
  try {
    const kept = JSON.parse(readFileSync(keptAt, 'utf8')) as Kept;
    if (Object.entries(kept.sources).every(([file, hash]) => hashOf(file) === hash)) return kept.script;
  } catch {
    // none kept yet, or unreadable: build it
  }
  const { script, files } = await build(entry);
  const sources: Record<string, string> = {};
  for (const file of files) {
    const hash = hashOf(file);
    if (hash !== null) sources[file] = hash; // the folders webpack looked into are no files to hash
  }
  mkdirSync(CACHE, { recursive: true });
  // Written whole, then renamed: a worker reading at the same time sees the old bundle or the new one.
  const temporary = `${keptAt}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify({ script, sources } satisfies Kept));
  renameSync(temporary, keptAt);
  return script;
}

/** The bundle, and the repository files (outside node_modules) it was built from, tsconfig.json included. */
async function build(entry: string): Promise<{ script: string; files: string[] }> {
  // Loaded only when a bundle is built: most runs find it kept.
  const { default: webpack } = await import('webpack');
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
        const inRepository = (file: string) =>
          file.startsWith(ROOT + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);
        const files = [...stats.compilation.fileDependencies].filter(inRepository);
        resolve({
          script: readFileSync(path.join(outDir, `${name}.js`), 'utf8'),
          files: [...new Set([...files, path.join(ROOT, 'tsconfig.json')])],
        });
      },
    ),
  );
}
