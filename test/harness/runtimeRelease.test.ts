/**
 * A closed workbook releases its runtime: nothing the harness, the engine or the bundle leaves behind
 * (timers, IndexedDB connections, the cells' values) keeps the runtime's context alive once the runtime
 * is closed, while the grid still shows its values. Checked in a child node with --expose-gc
 * (runtimeReleaseCheck.ts), over the built bundle (run `npm run build` first).
 */
import { spawnSync } from 'child_process';
import path from 'path';

test('a closed runtime is collected while the grid keeps its values', () => {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(__dirname, 'runtimeReleaseCheck.ts')],
    { cwd: path.join(__dirname, '..', '..'), encoding: 'utf8', timeout: 120_000 },
  );
  expect(child.stderr).toBe('');
  const result = JSON.parse(child.stdout.trim().split('\n').pop()!) as { released: boolean; shown: string[] };
  expect(result.shown).toEqual(Array.from({ length: 50 }, () => 'value'));
  expect(result.released).toBe(true);
}, 150_000);
