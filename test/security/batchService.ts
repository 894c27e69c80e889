/**
 * A hostile service for the security tests: a scripted loopback server that answers `POST /batch`
 * as the test says (404 elsewhere), started once per file, and the built add-in's workbook opened on
 * it with a test key, closed after each test.
 */
import type { ServerResponse } from 'node:http';
import type { Settings } from '../../src/settings/settings';
import { openNodeWorkbook, seededSettings, type NodeWorkbookSession } from '../harness';
import { json, startScriptedServer, type ReceivedRequest, type ScriptedServer } from '../service/scriptedServer';

export interface BatchServiceSuite {
  /** Set once the file's beforeAll has run. */
  service: ScriptedServer;
  /** A workbook on the service with `test-key` (and any other settings given), of the build in `distDir` (dist/ by default). */
  open(settings?: Partial<Settings>, distDir?: string): Promise<NodeWorkbookSession>;
}

export function batchServiceSuite(
  answer: (body: string, res: ServerResponse, req: ReceivedRequest) => void,
): BatchServiceSuite {
  let session: NodeWorkbookSession | null = null;
  const suite: BatchServiceSuite = {
    service: null as unknown as ScriptedServer,
    async open(settings = {}, distDir) {
      const storage = await seededSettings({ baseUrl: suite.service.url, apiKey: 'test-key', ...settings });
      session = await openNodeWorkbook({ storage, distDir });
      return session;
    },
  };
  beforeAll(async () => {
    suite.service = await startScriptedServer((req, res) =>
      req.url === '/batch' ? answer(req.body, res, req) : json(res, 404, {}),
    );
  });
  afterEach(async () => {
    await session?.close();
    session = null;
  });
  afterAll(() => suite.service.close());
  return suite;
}
