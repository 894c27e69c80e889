/**
 * CLIMATE.INDUSTRIES against a service whose Link header always names a next page, through the built
 * bundle: the cell settles within the one deadline of the whole listing (the deadline setting), with
 * a message that says so, and the requests stop there. An honest listing still arrives whole.
 */
import type { ServerResponse } from 'node:http';
import { json } from '../service/scriptedServer';
import { batchServiceSuite } from './batchService';

/** Each batch item `/industries?page=N` gets one industry and a link to page N+1, up to `lastPage`. */
function answer(body: string, res: ServerResponse, lastPage: number): void {
  const requests = JSON.parse(new URLSearchParams(body).get('requests') ?? '[]') as Array<{ url: string }>;
  json(
    res,
    200,
    requests.map(({ url }) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      const link = page < lastPage ? `<http://service.example/industries?page=${page + 1}>; rel="next"` : '';
      return {
        status: 200,
        headers: link ? { Link: link } : {},
        body: JSON.stringify([{ id: page, name: `Industry ${page}` }]),
      };
    }),
  );
}

let lastPage = Infinity;
const suite = batchServiceSuite((body, res) => answer(body, res, lastPage));

async function industries(deadlineMs: number) {
  const session = await suite.open({ deadlineMs });
  suite.service.received.length = 0;
  const started = Date.now();
  const [address] = await session.calculate({ inputs: [[null]], formulas: { B: '=CLIMATE.INDUSTRIES()' } });
  await session.settled(30_000);
  return { outcome: (await session.results())[address].outcome, seconds: (Date.now() - started) / 1000 };
}

test('a listing that never ends settles at the deadline, and no request follows', async () => {
  lastPage = Infinity;
  const { outcome, seconds } = await industries(2_000);
  expect(outcome).toEqual({
    kind: 'error',
    code: '#N/A',
    message: expect.stringMatching(/^The service's listing did not end within 2 s \(stopped after \d+ pages\)\.$/),
  });
  // At the deadline, not at the end of a listing that has none; bounded loosely, since a loaded
  // machine takes its own time to open the workbook and calculate around it.
  expect(seconds).toBeLessThan(20);
  const sent = suite.service.received.length;
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(suite.service.received.length).toBe(sent);
});

test('an honest listing of several pages still arrives whole', async () => {
  lastPage = 4;
  const { outcome } = await industries(10_000);
  expect(outcome.kind).toBe('array');
  const rows = (outcome as { rows: Array<Array<{ value?: unknown }>> }).rows;
  expect(rows.slice(1).map((row) => row[1]?.value)).toEqual(['Industry 1', 'Industry 2', 'Industry 3', 'Industry 4']);
});
