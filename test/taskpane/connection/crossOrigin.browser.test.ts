/**
 * The task pane in real Chromium (the set-up of pane.browser.test.ts, connected to the sandbox) when
 * the service allows no cross-origin calls (the sandbox's cors knob off): Test connection says the
 * service answers but refuses calls from Excel, and how to get through, not that it is unreachable;
 * with CORS back, the same button says the key works.
 */
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { seededSettings } from '../../harness/settingsSeed';
import { waitForText } from '../browser/waitForText';
import { paneWalkthrough } from '../browser/walkthrough';

const pane = paneWalkthrough((baseUrl) => seededSettings({ baseUrl, apiKey: SANDBOX_PROJECT_KEY }));
const { text, button, openOnly } = pane;

test('Test connection names a service that refuses calls from Excel, and the relay as the way through', async () => {
  await openOnly('section-connection');
  pane.sandbox.configure({ cors: false });
  try {
    await (await button('Test connection')).click();
    await pane.page.locator('#connection-status[data-tone="error"]').waitFor();
    const status = await text('#connection-status');
    expect(status).toContain(`The service at ${pane.sandbox.url} answers, but refuses calls from Excel`);
    expect(status).toContain("relay on the add-in's own site");
    expect(status).not.toMatch(/could not reach/i);
    expect(status).not.toContain(SANDBOX_PROJECT_KEY);
  } finally {
    pane.sandbox.configure({ cors: true });
  }
  await (await button('Test connection')).click();
  await waitForText(pane.page, '#connection-status', 'the key works');
});
