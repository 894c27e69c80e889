/**
 * The built pane served for any engine, with no protocol-specific hooks: the page's own HTML carries
 * what Chromium's tests add through Playwright (routes, init scripts), so WebDriver can load it too.
 * taskpane.html is served with office.js taken from the installed @microsoft/office-js package (the
 * CDN is off this machine) and, before it, a fixture script: it records errors in the page, holds the
 * page still (./stillMotion.ts), seeds localStorage with the add-in's settings and installs the Excel.run
 * shim on the staged sheet. All of
 * it comes from this origin, which the page's Content-Security-Policy allows ('self').
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { excelShimWriter, type ShimSheet } from './excelShim';
import { serveFolder, type Served, type StaticServer } from './staticServer';
import { stillMotion } from './stillMotion';

/** office.js and the files it loads, from the installed package. */
export const OFFICE_DIST = join(__dirname, '..', '..', '..', 'node_modules', '@microsoft', 'office-js', 'dist');
const OFFICE_CDN_SCRIPT = /<script src="?https:\/\/appsforoffice\.microsoft\.com\/lib\/1\/hosted\/office\.js"?>/;
/** Where the fixture serves office.js's folder, and axe-core's browser build. */
export const OFFICE_PATH = '__office/';
export const AXE_PATH = '__axe.js';
const FIXTURE_PATH = '__pane-fixture.js';
const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

/**
 * What the page reports that is not the pane's doing: outside Office, office.js opens a hidden
 * telemetry frame (shut by frame-src, which opens office.js's CDN folder only) and styles an element of its own inline; and a browser
 * asks a top-level page for /favicon.ico, which a pane (a frame or web view in Excel) never is.
 */
export const NOT_THE_PANES = [
  /\/favicon\.ico\b/,
  /https:\/\/telemetryservice\.firstpartyapps\.oaspapps\.com\b/,
  /style-src-attr inline \S*\/o15apptofilemappingtable\.js$/,
];

/**
 * Content-Security-Policy violations are judged from the page's own securitypolicyviolation events,
 * which name the script that caused them; the browsers' console lines about them do not always.
 */
export const CSP_CONSOLE_LINE = /Content.Security.Policy/i;

/** The workbook and the stored settings the next page load starts with. */
export interface PaneFixture {
  sheet: ShimSheet;
  storage: Record<string, string>;
}

export interface PaneSite extends StaticServer {
  /** Sets what the next load of /taskpane.html starts with. */
  stage(fixture: PaneFixture): void;
}

/**
 * Runs first in the page: keeps every error the page meets in `window.__paneErrors`, a
 * Content-Security-Policy violation as `csp: directive blocked-URI source-file`.
 */
export function recordErrors(): void {
  const seen: string[] = [];
  (window as unknown as { __paneErrors: string[] }).__paneErrors = seen;
  const original = console.error.bind(console);
  console.error = (...parts: unknown[]) => {
    seen.push(`console.error: ${parts.map(String).join(' ')}`);
    original(...parts);
  };
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target as { src?: string; href?: string } | null;
      seen.push(`error: ${event.message ?? ''}${target && target !== window ? ` ${target.src ?? target.href}` : ''}`);
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => seen.push(`unhandled rejection: ${String(event.reason)}`));
  document.addEventListener('securitypolicyviolation', (event) =>
    seen.push(`csp: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
  );
}

function seedStorage(items: Record<string, string>): void {
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
}

function fixtureScript({ sheet, storage }: PaneFixture, excelShimScript: (sheet: ShimSheet) => string): string {
  return [
    `(${recordErrors.toString()})();`,
    `(${stillMotion.toString()})();`,
    `(${seedStorage.toString()})(${JSON.stringify(storage)});`,
    excelShimScript(sheet),
  ].join('\n');
}

export async function servePane(dist: string): Promise<PaneSite> {
  let fixture: PaneFixture | null = null;
  const excelShim = await excelShimWriter();
  const page = readFileSync(join(dist, 'taskpane.html'), 'utf8');
  if (!OFFICE_CDN_SCRIPT.test(page)) throw new Error('dist/taskpane.html no longer loads office.js from its CDN');
  const html = page.replace(
    OFFICE_CDN_SCRIPT,
    `<script src="/${FIXTURE_PATH}"></script><script src="/${OFFICE_PATH}office.js">`,
  );
  const answer = (path: string): Served | undefined => {
    const unix = path.replace(/\\/g, '/');
    if (unix === 'taskpane.html') return { type: 'text/html; charset=utf-8', body: html };
    if (unix === FIXTURE_PATH) {
      if (!fixture) throw new Error('no fixture staged');
      return { type: 'text/javascript; charset=utf-8', body: fixtureScript(fixture, excelShim) };
    }
    if (unix === AXE_PATH) return { type: 'text/javascript; charset=utf-8', body: readFileSync(AXE_SOURCE) };
    if (unix.startsWith(OFFICE_PATH))
      return {
        type: 'text/javascript; charset=utf-8',
        body: readFileSync(join(OFFICE_DIST, unix.slice(OFFICE_PATH.length))),
      };
    return undefined;
  };
  const server = await serveFolder(dist, answer);
  return { ...server, stage: (next) => void (fixture = next) };
}
