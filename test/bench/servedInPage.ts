/**
 * The sheet served to a Chromium page that does nothing else, what serviceTime.ts `measuredServedMs`
 * is for Node's transports: the sheet's distinct suppliers in full batches from a fresh sandbox of its
 * own (the one the cells ask must not have seen them), all asked at once, so Chromium carries them as
 * it does a runtime's (six at a time over HTTP/1.1, all over one connection over HTTP/2). The protocol
 * each answer came over is read from Chromium's own network events.
 */
import type { CDPSession, Page } from 'playwright-core';
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { encodeBatch } from '../../src/service/batchCodec';
import { withSandbox, type SandboxTransport } from './scaleMeasures';
import { servedBatches } from './serviceTime';
import type { SupplierRow } from './workload';

export interface Served {
  ms: number;
  requests: number;
  /** The protocols the answers came over, as Chromium names them ('http/1.1', 'h2'). */
  protocols: string[];
}

export async function servedInPage(
  page: Page,
  cdp: CDPSession,
  organizations: number,
  transport: SandboxTransport,
  rows: readonly SupplierRow[],
): Promise<Served> {
  const forms = servedBatches(rows).map(encodeBatch);
  return withSandbox(
    organizations,
    async (sandbox) => {
      const protocols = new Set<string>();
      const seen = ({ response }: { response: { url: string; protocol?: string } }): void => {
        if (response.url.startsWith(sandbox.url)) protocols.add(response.protocol ?? 'unknown');
      };
      await cdp.send('Network.enable');
      cdp.on('Network.responseReceived', seen);
      try {
        const ms = await page.evaluate(
          async ({ url, key, forms }) => {
            const start = performance.now();
            await Promise.all(
              forms.map(async (form) => {
                const response = await fetch(`${url}/batch`, {
                  method: 'POST',
                  headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
                  body: form,
                });
                if (response.status !== 200) throw new Error(`bench: the sandbox answered ${response.status}`);
                await response.json();
              }),
            );
            return performance.now() - start;
          },
          { url: sandbox.url, key: SANDBOX_PROJECT_KEY, forms },
        );
        return { ms: Math.round(ms), requests: (await sandbox.stats()).requests, protocols: [...protocols].sort() };
      } finally {
        cdp.off('Network.responseReceived', seen);
        await cdp.send('Network.disable');
      }
    },
    transport,
  );
}
