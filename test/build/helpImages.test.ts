// The images of the help page: the build copies each file the reference shows to the same place beside
// the page, and fails, naming it, when the reference shows anything but a file of its own folder.
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { dirname, join } from 'path';
import webpack from 'webpack';
import { removeTempDirs, tempDir } from './dist';

const { HelpPagePlugin } = require('../../build/helpPagePlugin.js') as {
  HelpPagePlugin: new (options: {
    source: string;
    output: string;
    attribution: { text: string; href: string; logo: string };
  }) => webpack.WebpackPluginInstance;
};
afterAll(removeTempDirs);

const ATTRIBUTION = { text: 'Climate data by Provider', href: 'https://provider.example/', logo: 'assets/logo.png' };

/** Builds `reference` (docs/ref.md beside `files`) into help/ref.html: the build's errors and output folder. */
async function buildHelp(reference: string, files: Record<string, string> = {}) {
  const dir = tempDir('help-images');
  for (const [name, text] of Object.entries({ 'docs/ref.md': reference, 'entry.js': '', ...files })) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const out = join(dir, 'out');
  const compiler = webpack({
    mode: 'none',
    context: dir,
    entry: './entry.js',
    output: { path: out },
    plugins: [
      new HelpPagePlugin({ source: join(dir, 'docs/ref.md'), output: 'help/ref.html', attribution: ATTRIBUTION }),
    ],
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  return { errors: stats.compilation.errors.map((error) => error.message), out };
}

test('an image of the reference lands beside the page where the page looks for it', async () => {
  const { errors, out } = await buildHelp('# Ref\n\n![A card](shots/my%20card.png) ![Dots](..dots.png)\n', {
    'docs/shots/my card.png': 'PNG bytes',
    'docs/..dots.png': 'dotted name, still beside the reference',
  });
  expect(errors).toEqual([]);
  expect(readFileSync(join(out, 'help/ref.html'), 'utf8')).toContain('<img src="shots/my%20card.png" alt="A card">');
  expect(readFileSync(join(out, 'help/shots/my card.png'), 'utf8')).toBe('PNG bytes');
  expect(readFileSync(join(out, 'help/..dots.png'), 'utf8')).toBe('dotted name, still beside the reference');
});

test('an image that is not a file of the reference’s folder fails the build, naming it', async () => {
  const cases: Array<[string, RegExp]> = [
    ['../secret.png', /image \.\.\/secret\.png: not a file beside .*ref\.md/],
    ['/etc/hostname', /image \/etc\/hostname: not a file beside/],
    ['https://tracker.example/pixel.png', /image https:\/\/tracker\.example\/pixel\.png: not a file beside/],
    ['missing.png', /image missing\.png: cannot read .*missing\.png/],
    ['bad%E0%A4%A.png', /image bad%E0%A4%25A\.png: not a readable address/],
  ];
  for (const [image, message] of cases) {
    const { errors, out } = await buildHelp(`![x](${image})\n`, { 'secret.png': 'not for the page' });
    expect({ image, errors }).toEqual({ image, errors: [expect.stringMatching(message)] });
    expect(() => readFileSync(join(out, 'secret.png'))).toThrow();
  }
});
