/**
 * The built pane opened in an engine driven over WebDriver (coreFlows.ts, language/languageFlow.ts):
 * a task pane's width, loaded from the served site, and not handed to a flow until the pane says it
 * is ready.
 */
import type { Engine } from '../../browsers/locate';
import { launchEngine } from '../../browsers/launch';
import { waitUntil, type BrowserDriver, type PageDriver } from '../../browsers/pageDriver';

/** Loads (or reloads) the pane from `siteUrl` and waits until it says it is ready. */
export async function loadPane(page: PageDriver, siteUrl: string): Promise<void> {
  await page.goto(`${siteUrl}/taskpane.html`);
  await waitUntil(page, () => document.body.dataset.ready === 'true', [], 'the pane saying it is ready');
}

/** A fresh `engine` with one page at the pane's width, the pane loaded. */
export async function openPaneIn(
  engine: Engine,
  siteUrl: string,
): Promise<{ browser: BrowserDriver; page: PageDriver }> {
  const browser = await launchEngine(engine);
  const page = await browser.newPage({ width: 360, height: 900 });
  await loadPane(page, siteUrl);
  return { browser, page };
}
