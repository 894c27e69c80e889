/**
 * An ORG card as the harness draws it, in real Chromium: CLIMATE.ORG calculated by the built bundle
 * against the sandbox (Node harness), drawn (cardDrawing.ts) and shown in Chromium with the provider
 * logo served from the built assets. The picture in docs/functions.md is this page's screenshot:
 * `UPDATE_SCREENSHOTS=1 npx jest test/harness/cardDrawing` rewrites it; other runs write into
 * test-results/.
 */
import { join } from 'path';
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import { launchChromium } from '../browsers/chromium';
import { drawCard } from './cardDrawing';
import { DIST_DIR } from './dist';
import { excelRound } from './expectations';
import { openNodeWorkbook } from './node';
import { calculateOutcomes } from './session';
import { seededSettings } from './settingsSeed';
import { screenshotFolder } from '../browsers/screenshots';

const SCREENSHOTS = screenshotFolder();

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true, organizations: 300, profilingSeconds: 3600, seed: 1 });
});
afterAll(() => sandbox.close());

test("Excel's default card: the name as title, every field listed alphabetically, the provider logo linking to the profile", async () => {
  const org = sandbox.population.organizations.find((o) => o.parentId === null && o.profile !== null)!;
  const session = await openNodeWorkbook({
    storage: await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY }),
  });
  const [[card]] = await calculateOutcomes(session, { inputs: [[org.name]], formulas: { B: '=CLIMATE.ORG(A{row})' } });
  await session.close();
  if (card.kind !== 'value') throw new Error(`no card: ${JSON.stringify(card)}`);
  const entity = card.value as Record<string, never>;
  const record = sandbox.population.recordFor({ name: org.name })!;

  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 420, height: 400 } });
    await page.route('https://localhost:3000/assets/**', (route) =>
      route.fulfill({ path: join(DIST_DIR, new URL(route.request().url()).pathname) }),
    );
    await page.setContent(drawCard(entity), { waitUntil: 'load' });
    expect(await page.locator('h1').innerText()).toBe(org.name);
    // No sub-title: its text was a second copy of the industry and region the card's fields carry.
    expect(await page.locator('.subtitle').count()).toBe(0);
    // No sections: the card names each field once, and Excel's default card lists them all.
    expect(await page.locator('h2').count()).toBe(0);
    const labels = await page.locator('dt').allInnerTexts();
    expect(labels).toHaveLength(27); // no Status, Relationship or Matched organization (docs/excel.md "What a value weighs")
    expect(labels.slice(0, 3)).toEqual(['As of', 'CDP', 'Climate Action 100+']);
    expect(labels.filter((label) => ['Asked for', 'Status', 'Relationship'].includes(label))).toEqual([]);
    expect(await page.locator('footer a').getAttribute('href')).toBe(record.matching_organization!.link);
    const logoWidth = await page.locator('footer img').evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(logoWidth).toBeGreaterThan(0); // the logo loaded from the add-in's assets
    const score = page.locator('dt', { hasText: /^Score$/ }).locator('xpath=following-sibling::dd[1]');
    expect(await score.innerText()).toBe(String(excelRound(record.score! * 100, 1)));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 420, height });
    await page.screenshot({ path: join(SCREENSHOTS, 'org-card.png'), animations: 'disabled', caret: 'hide' });
  } finally {
    await browser.close();
  }
});
