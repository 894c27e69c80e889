/** How the browser tests find their engines, and what they say when one is missing. */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { locate } from './locate';

const installed = join(mkdtempSync(join(tmpdir(), 'climate-locate-')), 'browser');
writeFileSync(installed, '');

test('an environment variable names the executable, before any usual place', () => {
  expect(locate('chromium', { CHROMIUM_PATH: installed }, 'linux')).toBe(installed);
  expect(locate('firefox', { FIREFOX_PATH: installed }, 'darwin')).toBe(installed);
  expect(locate('webkit', { WEBKIT_DRIVER_PATH: installed }, 'win32')).toBe(installed);
});

test('a variable naming a missing file is an error, not a silent fallback', () => {
  expect(() => locate('firefox', { FIREFOX_PATH: '/nowhere/firefox' }, 'linux')).toThrow(
    'FIREFOX_PATH is set to /nowhere/firefox, which does not exist.',
  );
});

test('with nothing installed, the message says what to install on this platform and which variable to set', () => {
  expect(() => locate('chromium', {}, 'aix')).toThrow(
    'The browser tests need Chromium (or Chrome, or Edge), and none was found. To fix: install Microsoft Edge or ' +
      'Google Chrome; or set CHROMIUM_PATH to its executable.',
  );
  expect(() => locate('webkit', {}, 'win32')).toThrow(
    /no WebKit driver exists for this platform: run the tests in WSL/,
  );
});

test("on Linux the distribution's usual places are searched (this machine's engines are found)", () => {
  for (const engine of ['chromium', 'firefox', 'webkit'] as const)
    expect(locate(engine, {}, 'linux')).toMatch(/^\/(usr|snap)\//);
});
