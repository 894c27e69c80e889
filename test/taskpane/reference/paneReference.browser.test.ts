/**
 * The task pane's reference data in real Chromium (the set-up of pane.browser.test.ts, connected to the
 * sandbox): organizations five a page, industries by search, SBTi companies with the snapshot note, the
 * SBTi changes asked of a sheet without formulas; whatever the service sends (markup in a name, a script URL as a link) is shown as text,
 * never run; nothing offers an export.
 */
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { seededSettings } from '../../harness/settingsSeed';
import { ALL_SECTIONS } from '../browser/paneReaders';
import { waitForText } from '../browser/waitForText';
import { paneWalkthrough } from '../browser/walkthrough';

const XSS_NAME = '<img src=x onerror="window.__xss=1">Evil & Co';

const pane = paneWalkthrough((baseUrl) => seededSettings({ baseUrl, apiKey: SANDBOX_PROJECT_KEY }));
const { text, button, textbox, onceSettled, openOnly, shot } = pane;

describe('task pane in Chromium: reference data', () => {
  test('reference data: organizations 5 a page, industries, SBTi with the snapshot note; service text shown as text', async () => {
    // A record as hostile as a service could send: markup in the name, a script URL as profile link.
    await pane.page.route(
      (url) =>
        url.origin === pane.sandbox.url && url.pathname === '/organizations' && url.searchParams.get('page') === '1',
      async (route) => {
        const response = await route.fetch();
        const items = (await response.json()) as Array<{ name: string; matching_organization: { link: string } }>;
        items[0].name = XSS_NAME;
        items[0].matching_organization.link = 'javascript:window.__xss=2';
        await route.fulfill({ response, json: items });
      },
    );
    await openOnly('section-reference');
    await pane.page.locator('#section-reference summary').click(); // closes it (openOnly opened it)
    await pane.page.locator('#section-reference summary').click(); // opening loads page 1
    await waitForText(pane.page, '#reference-status', 'Organizations, page 1: 5 shown.');
    const previous = await pane.ax.get('button', 'Previous');
    expect((await previous.state()).disabled).toBe(true);
    expect(await pane.page.locator('#org-list > li').count()).toBe(5);
    expect(await text('#org-list')).toContain(XSS_NAME);
    expect(await pane.page.locator('#org-list img').count()).toBe(0);
    expect(
      await pane.page
        .locator('#org-list a')
        .evaluateAll((links) =>
          links.map((a) => a.getAttribute('href')).filter((href) => !href?.startsWith('https://')),
        ),
    ).toEqual([]);
    await pane.page.getByText(XSS_NAME).click();
    expect(await pane.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await (await button('Next')).click();
    await waitForText(pane.page, '#reference-status', 'Organizations, page 2');
    // The pager is enabled once the busy Next button is released, a moment after the status.
    expect(await onceSettled(async () => (await previous.state()).disabled, false)).toBe(false);

    // Enter in the search field submits its form.
    const industries = await textbox('Search industries');
    await industries.fill('steel');
    await industries.press('Enter');
    await waitForText(pane.page, '#industry-list', 'Steel');
    await (await textbox('SBTi company name')).fill(pane.sandbox.population.sbtiCompanies[0].company_name as string);
    await (await button('Look up')).click();
    await pane.page
      .locator('#sbti-list')
      .filter({ hasText: String(pane.sandbox.population.sbtiCompanies[0].company_name) })
      .waitFor();
    expect(await text('#section-reference')).toContain('weekly snapshot');
    // The SBTi changes are the sheet's suppliers' (paneSbtiChanges.browser.test.ts): this sheet has no formulas.
    await (await pane.ax.get('Date', 'Changes since')).locator.fill('2025-10-01');
    await (await button('Show changes')).click();
    await waitForText(pane.page, '#reference-status', 'This sheet has no CLIMATE formulas that name a supplier');
    expect(await pane.page.locator('#sbti-changes > li').count()).toBe(0);
    await shot('reference-data');
    await openOnly(...ALL_SECTIONS);
    expect((await pane.ax.names('button')).filter((name) => /export|download/i.test(name))).toEqual([]);
  });

  test('nothing the service sent ran, and the page broke no content rule', async () => {
    expect(await pane.watch.violations()).toEqual([]);
    expect(pane.watch.consoleLines.filter((line) => /pageerror/i.test(line))).toEqual([]);
  });
});
