// The unified manifest's app package, as `npm run package` makes it with office-addin-manifest: the
// zip an administrator uploads holds the built manifest.json, the two icons and the localization files
// it names, at the paths it names them by.
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
import { inflateRawSync } from 'zlib';
import { productionDist, removeTempDirs, ROOT, tempDir } from '../build/dist';
import { readUnified } from './manifests';

const DIST = productionDist();
afterAll(removeTempDirs);

/** The files of a zip archive by name, read through its central directory (stored or deflated entries). */
function unzip(file: string): Map<string, Buffer> {
  const zip = readFileSync(file);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  const files = new Map<string, Buffer>();
  for (let i = 0, at = zip.readUInt32LE(end + 16); i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const name = zip.toString('utf8', at + 46, at + 46 + zip.readUInt16LE(at + 28));
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

test('the app package holds the built manifest.json, its two icons and its languages, byte for byte', () => {
  const output = join(tempDir('package'), 'climate-profiles.zip');
  const cli = require.resolve('office-addin-manifest/cli.js');
  execFileSync(process.execPath, [cli, 'export', '-m', join(DIST, 'manifest.json'), '-o', output], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  const files = unzip(output);
  const { icons, localizationInfo } = readUnified(join(DIST, 'manifest.json'));
  const languages = localizationInfo.additionalLanguages?.map((language) => language.file) ?? [];
  expect(languages).toHaveLength(5);
  expect([...files.keys()].sort()).toEqual(['manifest.json', icons.color, icons.outline, ...languages].sort());
  for (const name of files.keys())
    expect({ name, same: files.get(name)!.equals(readFileSync(join(DIST, name))) }).toEqual({ name, same: true });
});
