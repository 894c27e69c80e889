/**
 * The sheet and distinct-supplier measurements of scaleMeasures.ts with the runtime where users have
 * it, in a browser (`npm run bench -- scale --runtime chromium`): the built bundle in a Chromium page
 * (test/harness/browser.ts), the page's own IndexedDB, and Chromium's network stack to the sandbox.
 * Passes are timed by the page's clock; CPU is the renderer process's (CDP Performance `ProcessTime`).
 * Garbage-collection time, the heap split and the cache's load time are read in Node only (V8 is the
 * same engine; Node's figures stand for it).
 */
import type { CDPSession } from 'playwright-core';
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { seededSettings } from '../harness';
import { openChromiumWorkbook, type ChromiumWorkbookSession } from '../harness/browser';
import { persistedInPage } from '../harness/pageCache';
import type { SheetSpec } from '../harness/types';
import type { RemoteSandbox } from './remoteSandbox';
import { median } from './report';
import { servedInPage } from './servedInPage';
import {
  distinctPopulation,
  distinctRows,
  sheetPopulation,
  TIMEOUT_MS,
  withSandbox,
  type DistinctFigures,
  type SandboxTransport,
  type PassFigures,
  type SheetFigures,
} from './scaleMeasures';
import { outcomesOf, sheetOf } from './sheet';
import { excelGettingReady } from './strategies/engine';
import { supplierSheet, type SupplierRow } from './workload';

/** Warm passes and reopenings of the distinct sheet, as in Node. */
const DISTINCT_REPEATS = 3;

/** A workbook in Chromium over the sandbox, with the CDP session that reads the renderer's CPU time. */
interface Opened {
  session: ChromiumWorkbookSession;
  cdp: CDPSession;
}

async function open(sandbox: RemoteSandbox, transport: SandboxTransport): Promise<Opened> {
  const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  // The sandbox's certificate is a local one: the page takes it as a runtime takes the service's.
  const session = await openChromiumWorkbook({ storage, ignoreHttpsErrors: transport === 'h2' });
  return { session, cdp: await session.page.context().newCDPSession(session.page) };
}

/** The renderer process's CPU time so far, in ms. */
async function rendererCpuMs(cdp: CDPSession): Promise<number> {
  await cdp.send('Performance.enable'); // again after a navigation; harmless otherwise
  const { metrics } = await cdp.send('Performance.getMetrics');
  const time = metrics.find((metric) => metric.name === 'ProcessTime');
  if (!time) throw new Error('bench: Chromium reports no ProcessTime metric');
  return time.value * 1000;
}

/** One calculation timed in the page until the workbook settles, with the renderer's CPU time. */
async function pass<R>({ session, cdp }: Opened, method: 'enter' | 'recalculate' | 'reopen', args: unknown[]) {
  const cpu = await rendererCpuMs(cdp);
  const { ms, result } = await session.timed<R>(method, args, TIMEOUT_MS);
  const figures: PassFigures = {
    wallMs: Math.round(ms),
    cpuMs: Math.round((await rendererCpuMs(cdp)) - cpu),
    gcMs: null,
  };
  return { figures, result };
}

/** What the sheet's cells show, in the bench's order, for comparing passes. */
async function shown(session: ChromiumWorkbookSession, rows: number): Promise<string> {
  return JSON.stringify(outcomesOf(await session.results(), rows));
}

/**
 * A fresh sandbox of `organizations` serving over `transport`, and a workbook in Chromium on it, for
 * `work`; then both closed. The runtime's page errors fail the bench.
 */
function inChromium<T>(
  organizations: number,
  transport: SandboxTransport,
  work: (opened: Opened, sandbox: RemoteSandbox) => Promise<T>,
): Promise<T> {
  return withSandbox(
    organizations,
    async (sandbox) => {
      const opened = await open(sandbox, transport);
      try {
        const result = await work(opened, sandbox);
        const errors = opened.session.errors();
        if (errors.length > 0) throw new Error(`bench: the page reported errors: ${errors.slice(0, 3).join('; ')}`);
        return result;
      } finally {
        await opened.session.close();
      }
    },
    transport,
  );
}

/**
 * scaleMeasures.ts `sheetAt` in Chromium over `transport`: the sheet served to the page (servedInPage.ts),
 * then cold and two warm passes (no heap split).
 */
export function sheetInChromium(rows: number, transport: SandboxTransport): Promise<SheetFigures> {
  const organizations = sheetPopulation(rows);
  return inChromium(organizations, transport, async (opened, sandbox) => {
    const workload = supplierSheet(sandbox.population.organizations, rows);
    const served = await servedInPage(opened.session.page, opened.cdp, organizations, transport, workload.rows);
    const cold = await pass<string[]>(opened, 'enter', [sheetOf(workload.rows)]);
    await persistedInPage(opened.session); // its writes done: the passes below only recalculate
    const first = await shown(opened.session, rows);
    const warm: PassFigures[] = [];
    let unchanged = true;
    for (let run = 0; run < 2; run += 1) {
      warm.push((await pass(opened, 'recalculate', [cold.result])).figures);
      unchanged &&= (await shown(opened.session, rows)) === first;
    }
    const cells = rows * 4;
    return {
      rows,
      cells,
      coldMs: cold.figures.wallMs,
      warm,
      unchanged,
      runtimeBytesPerCell: null,
      gridBytesPerCell: null,
      served,
    };
  });
}

/**
 * scaleMeasures.ts `distinctAt` in Chromium over `transport`: cold, three warm passes, then the workbook
 * closed and reopened three times over what the page's IndexedDB and the settings hold (browser.ts `reopen`).
 */
export function distinctInChromium(
  distinct: number,
  firstCallAfterMs: number,
  transport: SandboxTransport,
): Promise<DistinctFigures> {
  return inChromium(distinctPopulation(distinct), transport, async (opened, sandbox) => {
    const rows: SupplierRow[] = distinctRows(sandbox, distinct);
    const requests = async (): Promise<number> => (await sandbox.stats()).requests;
    const sheet: SheetSpec = sheetOf(rows);
    const cold = await pass<string[]>(opened, 'enter', [sheet]);
    const coldRequests = await requests();
    const stored = await persistedInPage(opened.session);
    await sandbox.resetStats();
    const warmRuns: number[] = [];
    for (let run = 0; run < DISTINCT_REPEATS; run += 1) {
      warmRuns.push((await pass(opened, 'recalculate', [cold.result])).figures.wallMs);
    }
    const warm = { requests: await requests(), wallMs: median(warmRuns), runsMs: warmRuns };
    const settings = await opened.session.storage();
    await sandbox.resetStats();
    const reopenRuns: number[] = [];
    for (let run = 0; run < DISTINCT_REPEATS; run += 1) {
      await opened.session.reopen(sheet, settings);
      await excelGettingReady(firstCallAfterMs);
      reopenRuns.push((await pass(opened, 'reopen', ['web'])).figures.wallMs);
    }
    const reopened = { requests: await requests(), wallMs: median(reopenRuns), runsMs: reopenRuns };
    return {
      distinct,
      cells: rows.length * 4,
      cold: { requests: coldRequests, wallMs: cold.figures.wallMs },
      warm,
      reopened,
      firstCallAfterMs,
      stored: { ...stored, loadMs: null },
    };
  });
}
