/**
 * For the Chromium pane tests (launched by ../../browsers/chromium.ts): office.js answered from the
 * installed @microsoft/office-js package instead of Microsoft's CDN (no network here).
 */
import { existsSync } from 'fs';
import { join } from 'path';
import type { BrowserContext } from 'playwright-core';
import { OFFICE_DIST } from './paneSite';

const OFFICE_CDN = 'https://appsforoffice.microsoft.com/lib/1/hosted/';

/** Routes the office.js CDN to the package's files; anything else off-machine is refused. */
export async function routeOfficeJs(context: BrowserContext): Promise<void> {
  await context.route(`${OFFICE_CDN}**`, async (route) => {
    const file = join(OFFICE_DIST, new URL(route.request().url()).pathname.slice('/lib/1/hosted/'.length));
    if (!file.startsWith(OFFICE_DIST) || !existsSync(file)) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ path: file, contentType: 'text/javascript' });
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => {
    if (route.request().url().startsWith(OFFICE_CDN)) return route.fallback();
    return route.abort('blockedbyclient');
  });
}
