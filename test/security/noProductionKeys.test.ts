/**
 * No file of the repository (sources, tests, fixtures, snapshots, docs, screenshots) holds a key that
 * looks like a real production key of the service: `dc_production_` followed by 64 hex characters.
 * Every file git tracks or would add is read as bytes, so a key inside a PNG's text chunk or a
 * snapshot counts too.
 */
import { execFileSync } from 'child_process';
import { readFileSync, statSync } from 'fs';
import { join } from 'path';

const ROOT = join(__dirname, '..', '..');
// Built from parts so that this file does not match itself.
const PRODUCTION_KEY = new RegExp(['dc', 'production', '[0-9a-f]{64}'].join('_'), 'i');

function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out.split('\0').filter(Boolean);
}

describe('no real-looking production key in the repository', () => {
  test('the pattern finds a key where there is one', () => {
    const sample = `Authorization: Bearer ${['dc', 'production', 'ab12'.repeat(16)].join('_')}`;
    expect(PRODUCTION_KEY.test(sample)).toBe(true);
    expect(PRODUCTION_KEY.test('sandbox-project-key')).toBe(false);
  });

  test('no tracked or new file contains one', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((file) => {
      const path = join(ROOT, file);
      let size: number;
      try {
        size = statSync(path).size;
      } catch {
        return false; // deleted in the working tree
      }
      return size < 20_000_000 && PRODUCTION_KEY.test(readFileSync(path).toString('latin1'));
    });
    expect(offenders).toEqual([]);
  });
});
