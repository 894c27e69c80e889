/**
 * A web page on another origin (real Chromium, a page served from another loopback port) tries the
 * sandbox's /__sandbox paths under every spelling the router would still route there: plain,
 * percent-encoded (either case), partly encoded and double-encoded. It can neither change a knob nor
 * read the stats, while the service routes still answer it (they are meant to, like the real service).
 */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browsers/chromium';
import { DEFAULT_KNOBS, SANDBOX_PROJECT_KEY, type RunningSandbox } from '../../tools/sandbox/server/server';
import { start } from './harness';

const SPELLINGS = [
  '/__sandbox/config',
  '/%5F%5Fsandbox/config',
  '/%5f%5fsandbox/config',
  '/_%5Fsandbox/%63onfig',
  '/%255F%255Fsandbox/config',
  '/%25%35%46%25%35%46sandbox/config',
];

let sandbox: RunningSandbox;
let site: Server;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  sandbox = await start();
  site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
  page = await browser.newPage();
  // "localhost" and "127.0.0.1" are different origins: the page is not the sandbox's.
  await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await sandbox?.close();
});

/** What the page sees of a fetch: the status it may read, or the failure the browser reports. */
function pageFetch(url: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init);
        return `read ${response.status}: ${await response.text()}`;
      } catch (error) {
        return `failed: ${(error as Error).name}`;
      }
    },
    { url, init },
  );
}

test('no spelling of /__sandbox/config lets the page revoke the demo key or read the knobs', async () => {
  const body = JSON.stringify({ revokedKeys: [SANDBOX_PROJECT_KEY], failRate: 1 });
  for (const path of SPELLINGS) {
    const url = `${sandbox.url}${path}`;
    const json = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
    const posted = await pageFetch(url, json);
    const text = await pageFetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    const read = await pageFetch(url, { method: 'GET' });
    expect({ path, posted, text, knobs: sandbox.knobs() }).toEqual({
      path,
      posted: expect.not.stringMatching(/^read 200/),
      text: expect.not.stringMatching(/^read 200/),
      knobs: DEFAULT_KNOBS,
    });
    expect({ path, read: read.includes('revokedKeys') }).toEqual({ path, read: false });
  }
  const stats = await pageFetch(`${sandbox.url}/%5F%5Fsandbox/stats`, { method: 'GET' });
  expect(stats).not.toContain('byRoute');
  // The service routes still answer the page, with the key it sends.
  const service = await pageFetch(`${sandbox.url}/industries`, {
    method: 'GET',
    headers: { authorization: `Bearer ${SANDBOX_PROJECT_KEY}` },
  });
  expect(service).toMatch(/^read 200/);
}, 60_000);
