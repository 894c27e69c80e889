/**
 * The Connection form and a saved production key (real Chromium, the built pane). Choosing another
 * address (the Sandbox preset, or one typed) and saving does not carry the key there: it stays saved
 * for its origin, "Test connection" does not send it, and only the person's click on "Send it to …"
 * does. A key pasted with its "Bearer" or quotes is the key. A hostile service's error message reaches the status line at a readable length.
 */
import type { ServerResponse } from 'node:http';
import { SANDBOX_BASE_URL, SANDBOX_DEMO_KEY } from '../../../src/service/contract';
import { SETTINGS_KEYS } from '../../../src/settings/settings';
import { startScriptedServer, type ScriptedServer } from '../../service/scriptedServer';
import { oneCellSheet, openPanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';

const suite = paneSuite({ organizations: 20 });
const PRODUCTION = 'https://api.ditchcarbon.com';
const KEY = 'dc_production_' + 'cd'.repeat(16);

/** Answers like a service reached over CORS: 200 with the right key, else 401 with `refusal`. */
function service(refusal: string) {
  return startScriptedServer((req, res: ServerResponse) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    const ok = req.headers.authorization === `Bearer ${KEY}`;
    res.writeHead(ok ? 200 : 401, { ...cors, 'Content-Type': 'application/json' });
    res.end(JSON.stringify(ok ? [] : { error: { type: 'authentication_error', message: refusal } }));
  });
}

let scripted: ScriptedServer | null = null;
afterEach(async () => {
  await scripted?.close();
  scripted = null;
});

async function openWithProductionKey() {
  const storage = {
    [SETTINGS_KEYS.baseUrl]: PRODUCTION,
    [SETTINGS_KEYS.apiKey]: KEY,
    [SETTINGS_KEYS.apiKeyOrigin]: PRODUCTION,
  };
  return openPanePage(suite.browser, suite.site.url, oneCellSheet(), storage);
}

const keysSent = (server: ScriptedServer): string[] =>
  server.received.filter((req) => req.method !== 'OPTIONS').map((req) => req.headers.authorization ?? 'none');

test('the Sandbox preset keeps the production key for production; the sandbox uses its demo key', async () => {
  const { page, ax } = await openWithProductionKey();
  await (await ax.get('button', 'Sandbox')).locator.click();
  await (await ax.get('button', 'Save')).locator.click();
  const held = page.locator('#held-key');
  await held.filter({ hasText: 'not sent to' }).waitFor({ timeout: 15_000 });
  expect(await held.innerText()).toContain(
    `Your saved key was entered for ${PRODUCTION}; it is not sent to ${new URL(SANDBOX_BASE_URL).origin}`,
  );
  expect(await page.locator('#api-key').evaluate((input) => (input as HTMLInputElement).value)).toBe(SANDBOX_DEMO_KEY);
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect([stored[SETTINGS_KEYS.apiKey], stored[SETTINGS_KEYS.apiKeyOrigin]]).toEqual([KEY, PRODUCTION]);

  // Production again: the key saved for it is its own once more, without a question.
  await (await ax.get('button', 'Production')).locator.click();
  await (await ax.get('button', 'Save')).locator.click();
  await page.locator('#connection-status').filter({ hasText: 'Saved. Using api.ditchcarbon.com' }).waitFor();
  expect(await page.locator('#held-key').isHidden()).toBe(true);
  await page.context().close();
}, 60_000);

test('another address gets the key only after "Send it to …"; Test connection sends none before', async () => {
  scripted = await service('No key, no data.');
  const { page, ax } = await openWithProductionKey();
  await (await ax.get('textbox', 'Base URL')).locator.fill(scripted.url);
  const test = (await ax.get('button', 'Test connection')).locator;
  const status = page.locator('#connection-status');
  await test.click();
  await status.filter({ hasText: 'refused' }).waitFor({ timeout: 15_000 });
  await (await ax.get('button', 'Save')).locator.click();
  await status.filter({ hasText: 'confirm it below' }).waitFor({ timeout: 15_000 });
  expect(await page.locator('#connection-badge').innerText()).toContain('key not confirmed');
  await test.click();
  await status.filter({ hasText: 'refused' }).waitFor({ timeout: 15_000 });
  expect(keysSent(scripted)).toEqual(['none', 'none']);

  await (await ax.get('button', `Send it to ${scripted.url}`)).locator.click();
  await status.filter({ hasText: 'now used with' }).waitFor({ timeout: 15_000 });
  await test.click();
  await status.filter({ hasText: 'the key works' }).waitFor({ timeout: 15_000 });
  // Now the key goes there: the engine checks the key it was just given (one batch), and the test.
  const sentSince = () => scripted!.received.filter((req) => req.method !== 'OPTIONS').slice(2);
  for (let polls = 0; sentSince().length < 2 && polls < 300; polls += 1) await page.waitForTimeout(50);
  const sent = sentSince();
  expect(sent.map((req) => `${req.method} ${req.url} ${req.headers.authorization}`).sort()).toEqual([
    `GET /industries?page=1 Bearer ${KEY}`,
    `POST /batch Bearer ${KEY}`,
  ]);
  await page.context().close();
}, 60_000);

test("a service's endless refusal reaches the status line on one line, at a readable length", async () => {
  scripted = await service(`Refused.\n${'Read our terms. '.repeat(20_000)}`);
  const { page, ax } = await openWithProductionKey();
  await (await ax.get('textbox', 'Base URL')).locator.fill(scripted.url);
  await (await ax.get('textbox', 'API key')).locator.fill('a-typed-key-1234');
  await (await ax.get('button', 'Test connection')).locator.click();
  const status = page.locator('#connection-status');
  await status.filter({ hasText: 'refused' }).waitFor({ timeout: 15_000 });
  const text = (await status.innerText()).trim();
  expect(text).toMatch(/^The service refused the connection: Refused\. Read our terms\. .*…$/);
  expect(text.length).toBeLessThan(400);
  await page.context().close();
}, 60_000);

test('a key pasted as a curl line has it, "Bearer" and quotes dropped: the test sends the key, Save stores it', async () => {
  scripted = await service('Check your key.');
  const { page, ax } = await openPanePage(suite.browser, suite.site.url, oneCellSheet(), {});
  await (await ax.get('textbox', 'Base URL')).locator.fill(scripted.url);
  await (await ax.get('textbox', 'API key')).locator.fill(`  Authorization: Bearer "${KEY}"`);
  await (await ax.get('button', 'Test connection')).locator.click();
  const status = page.locator('#connection-status');
  await status.filter({ hasText: 'the key works' }).waitFor({ timeout: 15_000 });
  expect(keysSent(scripted)).toEqual([`Bearer ${KEY}`]);
  await (await ax.get('button', 'Save')).locator.click();
  await status.filter({ hasText: 'Saved. Using' }).waitFor({ timeout: 15_000 });
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored[SETTINGS_KEYS.apiKey]).toBe(KEY);
  await page.context().close();
}, 60_000);
