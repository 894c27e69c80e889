/**
 * The task pane in real Chromium: the BUILT dist/taskpane.html served from loopback, office.js from
 * the installed package, the sandbox service over real HTTP, and a fake workbook behind Excel.run
 * (browser/excelShim.ts). One page walks through what an analyst does: connect with a good and a bad
 * key, create a project with the team key and switch to it, score a column, watch the counters,
 * refresh, browse reference data. Along the way it checks that the key never reaches the workbook
 * (cells, images, document settings), the console or the page's text, and it takes the screenshots
 * docs/pane.md shows (docs/screenshots, see SCREENSHOTS below).
 *
 * Controls are found by role and accessible name in Chromium's own accessibility tree (see
 * browser/accessibility.ts): the pane's controls are Fluent web components, whose roles and states
 * Playwright's DOM-based getByRole cannot see. Native elements (selects, links, images, text) are
 * still found with Playwright's locators.
 */
import { mkdirSync } from 'fs';
import { join } from 'path';
import type { Browser, Locator, Page } from 'playwright-core';
import { startSandbox, SANDBOX_PROJECT_KEY, SANDBOX_TEAM_KEY, type RunningSandbox } from '../../src/sandbox/server';
import { productionDist, ROOT } from '../build/dist';
import { AccessibilityTree } from './browser/accessibility';
import { launchChromium } from '../browsers/chromium';
import { routeOfficeJs } from './browser/chromium';
import { NOT_THE_PANES } from './browser/paneSite';
import { installExcelShim, type ShimSheet, type WorkbookDump } from './browser/excelShim';
import { serveFolder, type StaticServer } from './browser/staticServer';
import { waitForText } from './browser/waitForText';

const WIDTH = 360;
const HEIGHT = 720;
/**
 * The pane's screenshots are refreshed with `UPDATE_SCREENSHOTS=1 npx jest test/taskpane/pane.browser`;
 * ordinary runs still take them (the states must render) but into test-results/, so that a test run
 * does not rewrite committed images (the sandbox's random port shows in them).
 */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? join(ROOT, 'docs', 'screenshots')
  : join(ROOT, 'test-results', 'screenshots');
const BAD_KEY = 'not-a-key-of-this-service';
const XSS_NAME = '<img src=x onerror="window.__xss=1">Evil & Co';

describe('task pane in Chromium (built page, sandbox, Excel.run shim)', () => {
  let sandbox: RunningSandbox;
  let site: StaticServer;
  let browser: Browser;
  let page: Page;
  let ax: AccessibilityTree;
  let projectKey = '';
  const consoleLines: string[] = [];
  const known: Array<{ name: string; website: string; hq: string }> = [];

  /** CSP violations, less those of office.js outside Office (see NOT_THE_PANES). */
  const violations = async (): Promise<string[]> =>
    (await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).filter(
      (line) => !NOT_THE_PANES.some((noise) => noise.test(line)),
    );
  const dump = (): Promise<WorkbookDump> =>
    page.evaluate(() => (window as unknown as { __workbook: { dump(): WorkbookDump } }).__workbook.dump());
  const text = (selector: string): Promise<string> => page.locator(selector).innerText();
  /**
   * A reading once the page has caught up, or its last value after a second: the components redraw
   * their inner parts, and the theme follows a system change, a moment after the change.
   */
  /** A computed colour as `rgb(r, g, b)`: Chromium serialises an opaque colour either way, by version. */
  const opaque = (colour: string): string => colour.replace(/^rgba\((\d+), (\d+), (\d+), 1\)$/, 'rgb($1, $2, $3)');
  const backgroundOf = async (selector: string): Promise<string> =>
    opaque(await page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor));
  const onceSettled = async <T>(read: () => Promise<T>, expected: T): Promise<T> => {
    for (let tries = 0; tries < 20 && (await read()) !== expected; tries++) await page.waitForTimeout(50);
    return read();
  };
  const button = async (name: string): Promise<Locator> => (await ax.get('button', name)).locator;
  const textbox = async (name: string): Promise<Locator> => (await ax.get('textbox', name)).locator;
  /** The Activity counters as numbers, read whether or not the section is open. */
  const counters = (): Promise<Record<string, number>> =>
    page.evaluate(() => {
      const out: Record<string, number> = {};
      for (const dt of document.querySelectorAll('#activity-counters dt'))
        out[dt.textContent ?? ''] = Number(dt.nextElementSibling?.textContent);
      return out;
    });
  const openOnly = async (...sections: string[]): Promise<void> => {
    await page.evaluate((ids) => {
      for (const details of document.querySelectorAll<HTMLDetailsElement>('details.section'))
        details.open = ids.includes(details.id);
    }, sections);
  };
  const ALL_SECTIONS = [
    'section-connection',
    'section-projects',
    'section-score',
    'section-review',
    'section-summary',
    'section-activity',
    'section-reference',
  ];
  /** The whole pane at its width: the viewport grows to the content so the sticky footer sits at the end. */
  const shot = async (name: string): Promise<void> => {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: WIDTH, height: Math.max(HEIGHT, height) });
    // No focus ring left over from the steps before: the picture shows the state, not the last key press.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  };

  beforeAll(async () => {
    // A missing browser fails the suite (it does not skip it), saying what to install: ../browsers/locate.ts.
    mkdirSync(SCREENSHOTS, { recursive: true });
    const dist = productionDist();
    sandbox = await startSandbox({ port: 0, quiet: true, organizations: 500, profilingSeconds: 3600 });
    for (const org of sandbox.population.organizations.slice(0, 3))
      known.push({ name: org.name, website: org.website ?? '', hq: org.hqRegion ?? '' });
    site = await serveFolder(dist);
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: WIDTH, height: HEIGHT },
      deviceScaleFactor: 1,
      colorScheme: 'light',
    });
    await routeOfficeJs(context);
    page = await context.newPage();
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
    const sheet: ShimSheet = {
      name: 'Suppliers',
      rows: [
        ['Supplier', 'Website', 'Country', 'Spend'],
        ...known.map((org, i) => [org.name, org.website, org.hq, 1000 * (i + 1)]),
        ['', '', '', 0],
        ['Quillfeather Nonexistent Holdings', '', 'NO', 50],
        ['lei:12345', '', '', 10],
        ['Brackenridge Unknown Textiles', '', '', 5],
      ],
      // The whole column A, as when the analyst clicks its header.
      selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
    };
    await page.addInitScript(installExcelShim, sheet);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
      );
    });
    await page.goto(`${site.url}/taskpane.html`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
    ax = await AccessibilityTree.attach(page);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await sandbox?.close();
  });

  test('the page starts outside Office without CSP violations, styled, with every control named', async () => {
    expect(await violations()).toEqual([]);
    expect(consoleLines.filter((line) => /error|refused|violat/i.test(line))).toEqual([]);
    // The Fluent components are registered and drawn with the Fluent 2 theme (the primary button in
    // the brand colour): their style sheets and the theme's tokens came through the CSSOM under style-src 'self'.
    expect(
      await page.evaluate(() =>
        ['fluent-button', 'fluent-text-input', 'fluent-checkbox', 'fluent-switch'].filter(
          (tag) => !customElements.get(tag),
        ),
      ),
    ).toEqual([]);
    // Read once its colour transition has run: a loaded machine can catch the button mid-fade.
    const brand = 'rgb(15, 108, 189)';
    expect(await onceSettled(() => backgroundOf('#connection-save'), brand)).toBe(brand);
    await openOnly(...ALL_SECTIONS);
    for (const name of ['Base URL', 'API key', 'Team API key', 'Project name']) await ax.get('textbox', name);
    expect(await (await textbox('API key')).getAttribute('type')).toBe('password');
    // The hints under the fields are read with them, although the <input> sits in a shadow root.
    expect((await (await ax.get('textbox', 'Base URL')).state()).description).toBe(
      'https is required, except for the sandbox on this computer.',
    );
    // No project is active yet: the private-performances switch is off limits, and looks it.
    const privateSwitch = await ax.get('switch', 'Private performances');
    expect(await privateSwitch.state()).toMatchObject({
      disabled: true,
      description: "Reads include the active project's private documents.",
    });
    expect(await privateSwitch.locator.evaluate((element) => element.matches(':disabled'))).toBe(true);
    // Every control of the page has a name a screen reader can say.
    expect(await ax.unnamed()).toEqual([]);
    // Nothing is wider than the narrowest task pane (320 px), every section open.
    const overflow = (): Promise<number> =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.setViewportSize({ width: 320, height: HEIGHT });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await openOnly('section-connection', 'section-score');
    // The attribution is on screen with any section open, and scrolled to the end too.
    await expect(page.getByRole('img', { name: 'DitchCarbon logo' }).isVisible()).resolves.toBe(true);
    expect(await text('footer.attribution')).toContain('Climate data by DitchCarbon');
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The theme follows the system's dark setting while the pane is open, and back.
    const primary = (): Promise<string> => backgroundOf('#connection-save');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await onceSettled(primary, 'rgb(17, 94, 163)')).toBe('rgb(17, 94, 163)');
    expect(await backgroundOf('body')).toBe('rgb(31, 31, 31)');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await onceSettled(primary, 'rgb(15, 108, 189)')).toBe('rgb(15, 108, 189)');
  });

  test("connection: a good key is saved and tested; a bad key shows the service's own message", async () => {
    const baseUrl = await ax.get('textbox', 'Base URL');
    const key = await textbox('API key');
    // A fresh install: the sandbox on its default address with its demo key. Production is one click.
    expect(await baseUrl.locator.inputValue()).toBe('http://127.0.0.1:4010');
    expect(await key.inputValue()).toBe(SANDBOX_PROJECT_KEY);
    await (await button('Production')).click();
    expect(await baseUrl.locator.inputValue()).toBe('https://api.ditchcarbon.com');
    expect(await key.inputValue()).toBe(''); // the demo key is not offered to the real service
    await waitForText(page, '#connection-status', 'paste your project API key');
    await (await button('Sandbox')).click();
    expect(await baseUrl.locator.inputValue()).toBe('http://127.0.0.1:4010');

    await baseUrl.locator.fill(sandbox.url);
    await key.fill(SANDBOX_PROJECT_KEY);
    // Show/hide by keyboard: the name and the field's type follow.
    await (await button('Show API key')).focus();
    await page.keyboard.press('Enter');
    expect(await onceSettled(() => key.getAttribute('type'), 'text')).toBe('text');
    await (await button('Hide API key')).press('Enter');
    expect(await onceSettled(() => key.getAttribute('type'), 'password')).toBe('password');

    const before = (await dump()).calculations.length;
    await (await button('Save')).click();
    await waitForText(page, '#connection-status', 'Saved.');
    expect(await text('#connection-badge')).toContain('the sandbox');
    await (await button('Test connection')).click();
    await waitForText(page, '#connection-status', 'the key works');
    expect(await page.locator('#connection-status').getAttribute('data-tone')).toBe('success');
    // The message bar shows the words inside the status region without being a second live region.
    expect(await ax.nestedLiveRegions()).toBe(0);
    // A key change recalculates the workbook, so cells that lacked a key ask again.
    await page.waitForFunction(
      (n) => (window as unknown as { __workbook: { dump(): WorkbookDump } }).__workbook.dump().calculations.length > n,
      before,
    );
    expect((await dump()).calculations.slice(before)).toContainEqual({ scope: 'workbook', type: 'Full' });
    await openOnly('section-connection');
    await shot('connection');

    const refusal = await (
      await fetch(`${sandbox.url}/industries`, { headers: { authorization: `Bearer ${BAD_KEY}` } })
    ).json();
    await key.fill(BAD_KEY);
    await (await button('Test connection')).click();
    await page.locator('#connection-status[data-tone="error"]').waitFor();
    expect(await text('#connection-status')).toContain(refusal.error.message);
    expect(await text('#connection-status')).not.toContain(BAD_KEY);
    await shot('connection-refused');

    // An http address off this machine is refused before anything is sent, and the field says so.
    await baseUrl.locator.fill('http://api.example.com');
    await key.fill(SANDBOX_PROJECT_KEY);
    await (await button('Save')).click();
    await waitForText(page, '#connection-status[data-tone="error"]', 'https');
    expect((await baseUrl.state()).invalid).toBe(true);
    await baseUrl.locator.fill(sandbox.url);
    await (await button('Save')).click();
    await waitForText(page, '#connection-status', 'Saved.');
    expect((await baseUrl.state()).invalid).toBe(false);
  });

  test('projects: created with the team key (used once, not kept), switched to, remembered by the workbook without its key', async () => {
    await openOnly('section-projects');
    await (await textbox('Project name')).fill('Q3 suppliers');
    const teamKey = await textbox('Team API key');
    await teamKey.fill(SANDBOX_TEAM_KEY);
    await (await button('Create project')).click();
    await waitForText(page, '#projects-status', 'Project Q3 suppliers created');
    expect(await teamKey.inputValue()).toBe('');
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(JSON.stringify(stored)).not.toContain(SANDBOX_TEAM_KEY);
    projectKey = JSON.parse(stored['climate.pane.projects'])[0].apiKey;
    expect(projectKey).toMatch(/^dc_sandbox_/);

    // Focus moved to the new project's button: Enter switches to it.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Use project Q3 suppliers',
    );
    await page.keyboard.press('Enter');
    await waitForText(page, '#projects-status', 'Using project Q3 suppliers for this workbook');
    expect(await page.evaluate(() => localStorage.getItem('climate.apiKey'))).toBe(projectKey);
    const settings = (await dump()).documentSettings;
    expect(settings).toEqual({ 'climate.project': { id: expect.any(String), name: 'Q3 suppliers' } });
    expect(await text('#workbook-project')).toBe('This workbook uses project Q3 suppliers.');
    expect(await text('#connection-badge')).toContain('Q3 suppliers');

    // The new key works against the service.
    await openOnly('section-projects', 'section-connection');
    await (await button('Test connection')).click();
    await waitForText(page, '#connection-status', 'the key works');
    // The switch, by keyboard and by pointer; its state is what a screen reader announces.
    const privateSwitch = await ax.get('switch', 'Private performances');
    expect(await privateSwitch.state()).toMatchObject({ checked: 'false', disabled: false });
    await privateSwitch.locator.press('Space');
    await waitForText(page, '#projects-status', 'Private performances on');
    expect((await privateSwitch.state()).checked).toBe('true');
    await privateSwitch.locator.click();
    await waitForText(page, '#projects-status', 'Private performances off');
    expect((await privateSwitch.state()).checked).toBe('false');
    await shot('projects');
  });

  test('score a column: formulas, headers and attribution written; progress until every row settled; counters move', async () => {
    await openOnly('section-score');
    const requestsBefore = sandbox.stats().requests;
    await (await button('Use selection')).click();
    await waitForText(page, '#score-selection', 'Names: Suppliers!A2:A8 (7 rows).');
    expect((await (await ax.get('checkbox', 'First selected row is a header')).state()).checked).toBe('true');
    expect(await page.getByLabel('Website column (optional)').inputValue()).toBe('1');
    expect(await page.getByLabel('Country column (optional)').inputValue()).toBe('2');
    await page.getByText('Initiative flags').click();
    await (await ax.get('checkbox', 'SBTi')).locator.click();
    const re100 = await ax.get('checkbox', 'RE100');
    await re100.locator.press('Space');
    expect((await re100.state()).checked).toBe('true');
    expect(await text('#score-flag-count')).toBe('2');
    await page.getByText('Ranks and percentile').click();
    await (await ax.get('checkbox', 'Industry rank')).locator.click();
    // The profile link goes with every score on hosts without data types: shown, ticked, not untickable.
    expect(await (await ax.get('checkbox', 'Profile (always, with each score)')).state()).toMatchObject({
      checked: 'true',
      disabled: true,
    });
    expect(await ax.unnamed()).toEqual([]);
    await (await button('Write formulas')).click();
    await page.locator('#score-summary').waitFor({ state: 'visible', timeout: 30_000 });

    const book = await dump();
    // The header was in row 1: one row is inserted above for the attribution; names move to A3:A9.
    expect(book.inserts).toEqual([{ row: 0, count: 1, direction: 'Down' }]);
    const at = (row: number, column: number) => book.cells.find((cell) => cell.row === row && cell.column === column);
    expect([4, 5, 6, 7, 8, 9].map((column) => at(1, column)?.value)).toEqual([
      'Climate score',
      'Match',
      'SBTi',
      'RE100',
      'Industry rank',
      'Profile',
    ]);
    expect(at(1, 4)?.bold).toBe(true);
    expect([4, 5, 6, 7, 8, 9].map((column) => at(2, column)?.formula)).toEqual([
      '=CLIMATE.SCORE($A3,$B3,$C3)',
      '=CLIMATE.MATCH($A3,$B3,$C3)',
      '=CLIMATE.FLAG($A3,"sbti",$B3,$C3)',
      '=CLIMATE.FLAG($A3,"re100",$B3,$C3)',
      '=CLIMATE.PROFILE($A3,"industry_rank",$B3,$C3)',
      '=HYPERLINK(CLIMATE.LINK($A3,$B3,$C3),"Profile")',
    ]);
    expect(at(5, 4)).toBeUndefined(); // the blank supplier row stays empty
    expect(at(8, 4)?.formula).toBe('=CLIMATE.SCORE($A9,$B9,$C9)');
    // Outside Office there is no requirement set to say data types or images exist: source line only.
    expect(at(0, 4)?.formula).toBe('=HYPERLINK("https://ditchcarbon.com","Climate data by DitchCarbon")');
    expect(book.shapes).toEqual([]);
    expect(book.cells.filter((cell) => cell.column >= 4).length).toBe(1 + 6 + 6 * 6);
    // The rows to review are marked on the written block (data rows 3-9, columns E:J) by their Match cell.
    expect(book.conditionalFormats).toEqual([
      {
        box: [2, 4, 7, 6],
        type: 'Custom',
        formula: '=AND(ISTEXT($F3),$F3<>"identifier",$F3<>"exact",$F3<>"accepted")',
        fill: '#FFF4CE',
      },
    ]);

    expect(await text('#score-progress-text')).toBe('6 of 6 rows settled');
    expect(await (await ax.get('progressbar', 'Scoring progress')).state()).toMatchObject({ value: '6', valueMax: 6 });
    const summary = await page.locator('#score-summary').innerText();
    expect(summary.replace(/\s+/g, ' ')).toBe('Scored 3 Still profiling 2 Not found 0 Errors 1');
    expect(sandbox.stats().requests).toBeGreaterThan(requestsBefore);

    await openOnly('section-activity');
    await page.waitForFunction(() => Number(document.querySelector('#activity-counters dd')?.textContent) > 0);
    const counted = await counters();
    expect(counted.Requests).toBeGreaterThan(0);
    expect(counted.Batches).toBeGreaterThan(0);
    expect(counted['Cell calls']).toBeGreaterThanOrEqual(5);
    expect(await text('#activity-pending')).toContain('Quillfeather Nonexistent Holdings');
    expect(await text('#activity-pending')).toContain('Brackenridge Unknown Textiles');
    await openOnly('section-score');
    await shot('score-a-column');
  });

  test('with an image-capable host the logo goes above the columns; a second run is answered from the cache', async () => {
    await page.evaluate(() => {
      const office = (window as unknown as { Office: { context: Record<string, unknown> } }).Office;
      office.context.requirements = { isSetSupported: (name: string) => name === 'ExcelApi' };
    });
    const hitsBefore = (await counters())['Cache hits'];
    const registrationsBefore = sandbox.stats().registrations;
    await (await button('Write formulas')).click();
    // The status still reads "Wrote" from the first run: the second run's last write (its review format) says it is done.
    await page.waitForFunction(
      () =>
        (window as unknown as { __workbook: { dump(): WorkbookDump } }).__workbook.dump().conditionalFormats.length ===
        2,
    );
    await waitForText(page, '#score-progress-text', '6 of 6 rows settled');
    const book = await dump();
    expect(book.inserts).toHaveLength(1); // the names are below a free row now: nothing inserted
    expect(book.shapes).toEqual([
      {
        name: 'DitchCarbon logo',
        altTextDescription: 'Climate data by DitchCarbon (logo)',
        base64Length: expect.any(Number),
        left: 10 * 64 + 1,
        top: 1,
        height: 18,
        lockAspectRatio: true,
      },
    ]);
    expect(book.shapes[0].base64Length).toBeGreaterThan(100);
    const at = (row: number, column: number) => book.cells.find((cell) => cell.row === row && cell.column === column);
    expect(at(0, 11)?.formula).toContain('Climate data by DitchCarbon');
    expect(at(1, 10)?.value).toBe('Climate score');
    // The 3 scored organizations came from the cache; nothing was registered again.
    await page.waitForFunction(
      (hits) => {
        const label = [...document.querySelectorAll('#activity-counters dt')].find(
          (dt) => dt.textContent === 'Cache hits',
        );
        return Number(label?.nextElementSibling?.textContent) >= hits;
      },
      hitsBefore + 3,
      { timeout: 10_000 },
    );
    expect(sandbox.stats().registrations).toBe(registrationsBefore);
  });

  test('refresh: all, and the organizations of the selected rows only', async () => {
    await openOnly('section-activity');
    const before = (await dump()).calculations.length;
    await (await button('Refresh all')).click();
    await waitForText(page, '#activity-status', 'every CLIMATE cell is asking the service again');
    expect((await dump()).calculations.slice(before)).toContainEqual({ scope: 'workbook', type: 'Full' });

    // Rows 3 and 4 (the first two suppliers), any cells of them.
    await page.evaluate(() =>
      (window as unknown as { __workbook: { select(box: object): void } }).__workbook.select({
        rowIndex: 2,
        columnIndex: 1,
        rowCount: 2,
        columnCount: 1,
      }),
    );
    await (await button('Refresh selected rows')).click();
    await waitForText(page, '#activity-status', 'Refreshed 2 organizations in rows 3–4.');
    const last = (await dump()).calculations.at(-1);
    expect(last).toEqual({ scope: 'range', box: [2, 0, 2, 16] });
    await shot('activity');
  });

  test('reference data: organizations 5 a page, industries, SBTi with the snapshot note; service text shown as text', async () => {
    // A record as hostile as a service could send: markup in the name, a script URL as profile link.
    await page.route(
      (url) => url.origin === sandbox.url && url.pathname === '/organizations' && url.searchParams.get('page') === '1',
      async (route) => {
        const response = await route.fetch();
        const items = (await response.json()) as Array<{ name: string; matching_organization: { link: string } }>;
        items[0].name = XSS_NAME;
        items[0].matching_organization.link = 'javascript:window.__xss=2';
        await route.fulfill({ response, json: items });
      },
    );
    await openOnly('section-reference');
    await page.locator('#section-reference summary').click(); // closes it (openOnly opened it)
    await page.locator('#section-reference summary').click(); // opening loads page 1
    await waitForText(page, '#reference-status', 'Organizations, page 1: 5 shown.');
    const previous = await ax.get('button', 'Previous');
    expect((await previous.state()).disabled).toBe(true);
    expect(await page.locator('#org-list > li').count()).toBe(5);
    expect(await text('#org-list')).toContain(XSS_NAME);
    expect(await page.locator('#org-list img').count()).toBe(0);
    expect(
      await page
        .locator('#org-list a')
        .evaluateAll((links) =>
          links.map((a) => a.getAttribute('href')).filter((href) => !href?.startsWith('https://')),
        ),
    ).toEqual([]);
    await page.getByText(XSS_NAME).click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await (await button('Next')).click();
    await waitForText(page, '#reference-status', 'Organizations, page 2');
    // The pager is enabled once the busy Next button is released, a moment after the status.
    expect(await onceSettled(async () => (await previous.state()).disabled, false)).toBe(false);

    // Enter in the search field submits its form.
    const industries = await textbox('Search industries');
    await industries.fill('steel');
    await industries.press('Enter');
    await waitForText(page, '#industry-list', 'Steel');
    await (await textbox('SBTi company name')).fill(sandbox.population.sbtiCompanies[0].company_name as string);
    await (await button('Look up')).click();
    await page
      .locator('#sbti-list')
      .filter({ hasText: String(sandbox.population.sbtiCompanies[0].company_name) })
      .waitFor();
    expect(await text('#section-reference')).toContain('weekly snapshot');
    await (await ax.get('Date', 'Changes since')).locator.fill('2025-10-01');
    await (await button('Show changes')).click();
    await waitForText(page, '#reference-status', 'SBTi changes since 2025-10-01');
    expect(await page.locator('#sbti-changes > li').count()).toBeGreaterThan(0);
    await shot('reference-data');
    await openOnly(...ALL_SECTIONS);
    expect((await ax.names('button')).filter((name) => /export|download/i.test(name))).toEqual([]);
  });

  test('the keys are nowhere the workbook carries, nor in the console or the page text', async () => {
    const book = await dump();
    const carried = JSON.stringify(book);
    const pageText = await page.evaluate(() => document.body.innerText);
    const logs = consoleLines.join('\n');
    for (const secret of [SANDBOX_PROJECT_KEY, SANDBOX_TEAM_KEY, projectKey, BAD_KEY]) {
      expect({
        secret,
        inWorkbook: carried.includes(secret),
        inConsole: logs.includes(secret),
        inPage: pageText.includes(secret),
      }).toEqual({
        secret,
        inWorkbook: false,
        inConsole: false,
        inPage: false,
      });
    }
    expect(Object.keys(book.documentSettings)).toEqual(['climate.project']);
    expect(await violations()).toEqual([]);
  });
});
