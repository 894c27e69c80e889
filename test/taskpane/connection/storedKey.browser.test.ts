/**
 * In the pane (real Chromium, the built page, the sandbox over HTTP): an API key an
 * administrator pre-seeded that the settings refuse is neither dropped without a word nor replaced by
 * the sandbox's demo key. The pane says what is wrong and what to do, and sends nothing with any key.
 */
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { SETTINGS_KEYS } from '../../../src/settings/settings';
import { seededSettings } from '../../harness/settingsSeed';
import { oneCellSheet, openPanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';

const suite = paneSuite({ organizations: 50 });

test('a malformed stored key at the sandbox address: the pane says so, keeps the field empty, sends nothing', async () => {
  // At the sandbox's address the demo key would otherwise stand in for a missing key.
  const storage = { ...(await seededSettings({ baseUrl: suite.sandbox.url })), [SETTINGS_KEYS.apiKey]: 'short' };
  suite.sandbox.resetStats();
  const { page } = await openPanePage(suite.browser, suite.site.url, oneCellSheet(), storage);
  const status = page.locator('#connection-status');
  await status
    .filter({ hasText: 'The API key in the settings is not valid' })
    .waitFor({ timeout: 15_000 })
    .catch(async () => {
      throw new Error(`#connection-status shows "${await status.textContent()}"`);
    });
  expect(await status.innerText()).toBe(
    'The API key in the settings is not valid: it must be 8 to 512 characters without spaces, as the service ' +
      'issued it. Enter the key again and save.',
  );
  expect(await page.locator('#connection-badge').innerText()).toContain('API key not valid');
  const field = await page.locator('#api-key').evaluate((element) => (element as HTMLInputElement).value);
  expect(field).not.toBe(SANDBOX_PROJECT_KEY);
  expect(field).toBe('');
  await page.waitForTimeout(500); // anything the pane would send on its own has left by now
  expect(suite.sandbox.stats().requests).toBe(0);
  await page.context().close();
}, 60_000);
