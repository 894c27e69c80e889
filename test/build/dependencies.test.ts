// What ships is what package.json declares as a dependency: the packages whose code a production build
// puts into the browser bundles are read from webpack's own module graph and compared with
// `dependencies` (everything that runs only in Node, at build or test time, is a devDependency), and
// with the list docs/security.md gives.
import { readFileSync } from 'fs';
import { join, relative } from 'path';
import webpack from 'webpack';
import { removeTempDirs, ROOT, tempDir } from './dist';

type ConfigFactory = (env: Record<string, string>, argv: { mode: string }) => webpack.Configuration;
const configFactory = require('../../webpack.config.js') as ConfigFactory;

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
afterAll(removeTempDirs);

/** The package a file belongs to (the innermost node_modules folder), or null for the project's own files. */
function packageOf(file: string): string | null {
  const match = /.*node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file);
  return match ? match[1].replace(/\\/g, '/') : null;
}

interface BundledModule {
  file: string;
  importers: string[];
}

/** Every module in the chunks of a production build (modules webpack concatenated included), with its importers. */
async function bundledModules(): Promise<BundledModule[]> {
  const config = configFactory({}, { mode: 'production' });
  config.output = { ...config.output, path: tempDir('packages') };
  const found: BundledModule[] = [];
  config.plugins = [
    ...(config.plugins ?? []),
    {
      apply: (compiler: webpack.Compiler) =>
        compiler.hooks.compilation.tap('BundledModules', (compilation) =>
          compilation.hooks.afterSeal.tap('BundledModules', () => {
            const record = (module: webpack.Module) => {
              const inner = (module as { modules?: webpack.Module[] }).modules;
              if (inner) return inner.forEach(record);
              const file = (module as webpack.NormalModule).resource;
              if (!file) return;
              const importers = [...compilation.moduleGraph.getIncomingConnections(module)]
                .map((connection) => (connection.originModule as webpack.NormalModule | null)?.resource)
                .filter((resource): resource is string => Boolean(resource))
                .map((resource) => relative(ROOT, resource));
              found.push({ file: relative(ROOT, file), importers });
            };
            for (const chunk of compilation.chunks) compilation.chunkGraph.getChunkModules(chunk).forEach(record);
          }),
        ),
    },
  ];
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    webpack(config).run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  expect(stats.hasErrors()).toBe(false);
  return found;
}

const manifestOf = (name: string) =>
  JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as Manifest;

describe('the packages in the browser bundles', () => {
  let modules: BundledModule[];
  let bundled: string[];
  beforeAll(async () => {
    modules = await bundledModules();
    bundled = [
      ...new Set(modules.map((m) => packageOf(m.file)).filter((name): name is string => name !== null)),
    ].sort();
  });

  test('every package our code imports into a bundle is a dependency', () => {
    const importedBySrc = [
      ...new Set(
        modules
          .filter((m) => m.importers.some((importer) => importer.startsWith('src/')))
          .map((m) => packageOf(m.file))
          .filter((name): name is string => name !== null),
      ),
    ];
    expect(importedBySrc.length).toBeGreaterThan(3);
    expect(importedBySrc.filter((name) => !pkg.dependencies?.[name])).toEqual([]);
  });

  test('every other bundled package comes with a bundled dependency that declares it', () => {
    const declaredByBundled = new Set(
      bundled.flatMap((name) => {
        const manifest = manifestOf(name);
        return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})];
      }),
    );
    expect(bundled.filter((name) => !pkg.dependencies?.[name] && !declaredByBundled.has(name))).toEqual([]);
  });

  test('every dependency ships in a bundle; what runs only in Node is a devDependency', () => {
    expect(Object.keys(pkg.dependencies ?? {}).filter((name) => !bundled.includes(name))).toEqual([]);
    expect(bundled.filter((name) => pkg.devDependencies?.[name])).toEqual([]);
  });

  test('docs/security.md names exactly the packages in the bundles', () => {
    const docs = readFileSync(join(ROOT, 'docs', 'security.md'), 'utf8');
    const section = /\n## What ships in the bundles\n([\s\S]*?)(?=\n## |$)/.exec(docs)?.[1] ?? '';
    const listed = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(bundled);
  });
});
