/**
 * Run by runtimeRelease.test.ts in a child node started with --expose-gc (jest's own process has no
 * global.gc): a workbook over the built bundle scores a small sheet against the sandbox, with an
 * IndexedDB, then its runtime closes. Prints one JSON line: whether the runtime's context was collected
 * (a WeakRef to it, after full collections) and what the grid still shows.
 */
import { IDBFactory } from 'fake-indexeddb';
import { SANDBOX_PROJECT_KEY, startSandbox } from '../../tools/sandbox/server/server';
import { openNodeWorkbook, seededSettings, type NodeWorkbookSession } from '.';

const ROWS = 50;
/** Full collections tried before the runtime counts as held: each waits a turn for finalizers and sockets. */
const COLLECTIONS = 50;

async function main(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const sandbox = await startSandbox({ port: 0, seed: 1, quiet: true, organizations: 500 });
  try {
    const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
    let session: NodeWorkbookSession | null = await openNodeWorkbook({ storage, indexedDB: new IDBFactory() });
    const names = sandbox.population.organizations.slice(0, ROWS).map((org) => [org.name]);
    const addresses = await session.calculate({ inputs: names, formulas: { B: '=CLIMATE.SCORE(A{row})' } });
    await session.settled(30_000);
    const runtime = new WeakRef(session.context);
    const workbook = session.workbook;
    await session.close();
    workbook.releaseRuntime();
    session = null;
    let collections = 0;
    while (collections < COLLECTIONS) {
      // A new job first: deref() keeps its target alive until the job that called it ends.
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      collections += 1;
      if (runtime.deref() === undefined) break;
    }
    const report = workbook.report();
    const shown = addresses.map((address) => report[address].outcome.kind);
    console.log(JSON.stringify({ released: runtime.deref() === undefined, collections, shown }));
  } finally {
    await sandbox.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
