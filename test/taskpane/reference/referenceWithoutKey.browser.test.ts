/**
 * Reference data before any key is entered (the service's address set, no key): opening the section
 * and searching say where to enter the key, and nothing is sent that the service could only refuse
 * (a 401 the browser would log as an error).
 */
import { seededSettings } from '../../harness/settingsSeed';
import { waitForText } from '../browser/waitForText';
import { paneWalkthrough } from '../browser/walkthrough';

const pane = paneWalkthrough((baseUrl) => seededSettings({ baseUrl }));
const KEY_FIRST = 'Enter your API key under Connection first';

test('opening reference data and searching industries ask for the key and send nothing', async () => {
  const requestsBefore = pane.sandbox.stats().requests;
  await pane.openOnly('section-reference'); // opening it loads the organizations' first page
  await waitForText(pane.page, '#reference-status[data-tone="error"]', KEY_FIRST);
  expect(await pane.page.locator('#org-list > li').count()).toBe(0);
  const industries = await pane.textbox('Search industries');
  await industries.fill('steel');
  await industries.press('Enter');
  await pane.page.locator('#industry-search-button:not([disabled])').waitFor();
  expect(await pane.text('#reference-status')).toContain(KEY_FIRST);
  expect(await pane.page.locator('#industry-list > li').count()).toBe(0);
  expect(pane.sandbox.stats().requests - requestsBefore).toBe(0);
  expect(pane.watch.consoleLines.filter((line) => /401|error/i.test(line))).toEqual([]);
});
