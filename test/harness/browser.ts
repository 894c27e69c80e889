/**
 * The harness in real Chromium (found by ../browsers/locate.ts, driven by playwright-core): a page served from a
 * loopback HTTP server with the built add-in beside it (so the provider logo resolves at the page's
 * own origin), the harness core bundled into it, and the built functions scripts loaded as the
 * runtime page loads them. The bundle calls the sandbox on another port: over CORS, as in Excel.
 */
import { readFileSync, statSync } from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import path from 'path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browsers/chromium';
import { bundleForPage } from '../browsers/pageBundle';
import type { CalculatingMethod, HarnessWindow, WorkbookMethod } from './browserEntry';
import { builtFunctions } from './dist';
import type { WorkbookSession } from './session';
import type { HarnessOptions, SheetSpec } from './types';

export interface ChromiumWorkbookOptions extends Omit<HarnessOptions, 'metadata'> {
  distDir?: string;
  /** Take any certificate: the bench's HTTP/2 sandbox serves a local one. */
  ignoreHttpsErrors?: boolean;
  /** More of the add-in's own origin (a relay): answers a request and returns true, or leaves it (false). */
  mount?: (request: http.IncomingMessage, response: http.ServerResponse) => boolean;
}

export interface ChromiumWorkbookSession extends WorkbookSession {
  readonly page: Page;
  /** The page's origin: where dist/ is served. */
  readonly origin: string;
  /** A calculation timed inside the page until the workbook settles (browserEntry.ts `timed`). */
  timed<R>(method: CalculatingMethod, args: unknown[], timeoutMs: number): Promise<{ ms: number; result: R }>;
  /**
   * The workbook closed and opened again: a new document at the same origin (the page's IndexedDB
   * kept, the old runtime gone with the old document), a workbook over `storage` holding `sheet`'s
   * formulas as saved (entered before the functions exist, so none is calculated by it), then the
   * runtime's scripts loaded. Excel's calculation of every cell is the caller's next step.
   */
  reopen(sheet: SheetSpec, storage: Record<string, string>): Promise<void>;
}

const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>harness</title><link rel="icon" href="data:,"><script src="/__harness.js"></script></head><body></body></html>';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.html': 'text/html',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
};

function serve(distDir: string, harness: string, mount: ChromiumWorkbookOptions['mount']): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (mount?.(request, response)) return;
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (pathname === '/') return send(200, 'text/html', PAGE);
    if (pathname === '/__harness.js') return send(200, 'text/javascript', harness);
    const file = path.join(distDir, path.normalize(pathname));
    if (!file.startsWith(distDir + path.sep)) return send(403, 'text/plain', 'forbidden');
    try {
      if (!statSync(file).isFile()) throw new Error('not a file');
      return send(200, TYPES[path.extname(file)] ?? 'application/octet-stream', readFileSync(file));
    } catch {
      return send(404, 'text/plain', 'not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function openChromiumWorkbook(options: ChromiumWorkbookOptions = {}): Promise<ChromiumWorkbookSession> {
  const { distDir, ignoreHttpsErrors = false, mount, ...harness } = options;
  const built = builtFunctions(distDir);
  const server = await serve(built.distDir, await bundleForPage(path.join(__dirname, 'browserEntry.ts')), mount);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    const page = await (await browser.newContext({ ignoreHTTPSErrors: ignoreHttpsErrors })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
    });
    const start = async (storage: HarnessOptions['storage'], sheet: SheetSpec | null) => {
      await page.goto(`${origin}/`);
      const harnessOptions: HarnessOptions = { ...harness, storage, metadata: built.metadata };
      await page.evaluate((opts) => (window as unknown as HarnessWindow).climateHarness.start(opts), harnessOptions);
      if (sheet) {
        await page.evaluate(
          (spec) => (window as unknown as HarnessWindow).climateHarness.call('enter', [spec]),
          sheet as unknown as Record<string, unknown>,
        );
      }
      await page.evaluate(
        (scripts) => (window as unknown as HarnessWindow).climateHarness.loadScripts(scripts),
        built.scripts,
      );
    };
    await start(options.storage, null);
    return session(page, browser, server, origin, errors, (sheet, storage) => start(storage, sheet));
  } catch (error) {
    await browser?.close();
    server.close();
    throw error;
  }
}

function session(
  page: Page,
  browser: Browser,
  server: http.Server,
  origin: string,
  errors: string[],
  reopen: ChromiumWorkbookSession['reopen'],
): ChromiumWorkbookSession {
  const call = <R>(method: WorkbookMethod, ...args: unknown[]): Promise<R> =>
    page.evaluate(([m, a]) => (window as unknown as HarnessWindow).climateHarness.call(m, a), [
      method,
      args,
    ] as const) as Promise<R>;
  return {
    runtime: 'chromium',
    page,
    origin,
    calculate: (sheet: SheetSpec) => call('enter', sheet),
    settled: (timeoutMs?: number) => call('settled', timeoutMs),
    results: () => call('report'),
    recalculate: (addresses: string[]) => call('recalculate', addresses),
    preview: (formula: string, address?: string) => call('preview', formula, address),
    setRequirement: (name: string, version: string | null) => call('setRequirement', name, version),
    storage: () => call('storageSnapshot'),
    stats: () => call('stats'),
    errors: () => [...errors],
    timed: <R>(method: CalculatingMethod, args: unknown[], timeoutMs: number) =>
      page.evaluate(([m, a, t]) => (window as unknown as HarnessWindow).climateHarness.timed(m, a, t), [
        method,
        args,
        timeoutMs,
      ] as const) as Promise<{ ms: number; result: R }>,
    reopen,
    close: async () => {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
