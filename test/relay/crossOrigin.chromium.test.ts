/**
 * A service that allows no cross-origin calls (the sandbox's cors knob off), met by the built add-in
 * in real Chromium, where a browser hides why a call failed: the cells say the service refuses calls
 * from Excel, not that it is unreachable, and with the service address pointed at the relay on the
 * add-in's own origin (tools/relay) every cell gets its value. A service that is down reads as
 * unreachable, with the refusal named as the other possible cause; one that answers pages but drops
 * the calls, as a connection failure. (Run `npm run build` first.)
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import { openChromiumWorkbook, type ChromiumWorkbookSession } from '../harness/browser';
import { seededSettings } from '../harness/settingsSeed';
import type { CellOutcome, SheetSpec } from '../harness/types';

const { relayHandler } = require('../../tools/relay/relay.js') as {
  relayHandler: (options: {
    serviceUrl: string;
    prefix: string;
  }) => (request: IncomingMessage, response: ServerResponse) => boolean;
};

const RELAY_PREFIX = '/api/climate';

let sandbox: RunningSandbox;
let session: ChromiumWorkbookSession | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 300, quiet: true, cors: false });
});
afterAll(async () => {
  await session?.close();
  await sandbox.close();
});

const sheet = (): SheetSpec => ({
  inputs: sandbox.population.organizations.slice(0, 6).map((org) => [org.name]),
  formulas: { B: '=CLIMATE.SCORE(A{row})', C: '=CLIMATE.FLAG(A{row}, "sbti")' },
});

/** Every cell's outcome once the workbook has settled. */
async function outcomes(): Promise<CellOutcome[]> {
  await session!.settled(120_000);
  return Object.values(await session!.results()).map((cell) => cell.outcome);
}

test('cells name a service that refuses calls from Excel, and every cell gets its value through the relay', async () => {
  const direct = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  session = await openChromiumWorkbook({
    storage: direct,
    mount: relayHandler({ serviceUrl: sandbox.url, prefix: RELAY_PREFIX }),
  });
  await session.calculate(sheet());
  const refused = await outcomes();
  expect(refused.length).toBe(12);
  for (const outcome of refused) {
    expect(outcome).toMatchObject({ kind: 'error' });
    const message = (outcome as { message?: string }).message ?? '';
    expect(message).toContain(`The service at ${sandbox.url} answers, but refuses calls from Excel`);
    expect(message).toContain('relay');
    expect(message).not.toMatch(/could not reach|check the connection/i);
    expect(message).not.toContain(SANDBOX_PROJECT_KEY);
  }

  // The same workbook with the service address at the relay, on the page's own origin.
  const relayed = await seededSettings({ baseUrl: `${session.origin}${RELAY_PREFIX}`, apiKey: SANDBOX_PROJECT_KEY });
  await session.reopen(sheet(), relayed);
  await session.calculate(sheet());
  const shown = await outcomes();
  expect(shown.filter((outcome) => outcome.kind !== 'value')).toEqual([]);
  expect(sandbox.stats().requests).toBeGreaterThan(0);
}, 180_000);

test('a service that answers pages but drops the calls reads as a connection failure, not as a refusal', async () => {
  sandbox.configure({ cors: true, dropRate: 1 });
  try {
    await session!.reopen(sheet(), await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY }));
    await session!.calculate(sheet());
    for (const outcome of await outcomes()) {
      const message = (outcome as { message?: string }).message ?? '';
      expect(message).toContain(`Could not reach the service at ${sandbox.url} (tried`);
      expect(message).not.toMatch(/refuses calls from Excel/);
    }
  } finally {
    sandbox.configure({ cors: false, dropRate: 0 });
  }
}, 180_000);

test('a service that is down reads as unreachable, the refusal named as the other possible cause', async () => {
  const url = sandbox.url;
  await sandbox.close();
  await session!.reopen(sheet(), await seededSettings({ baseUrl: url, apiKey: SANDBOX_PROJECT_KEY }));
  await session!.calculate(sheet());
  for (const outcome of await outcomes()) {
    const message = (outcome as { message?: string }).message ?? '';
    expect(message).toContain(`Could not reach the service at ${url}, or it refuses calls from Excel`);
  }
  sandbox = await startSandbox({ port: 0, organizations: 10, quiet: true }); // for afterAll
}, 180_000);
