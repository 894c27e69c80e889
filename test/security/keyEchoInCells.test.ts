/**
 * A service that repeats the API key in a `/batch` item's error, through the built bundle: the cell's
 * message says what the service meant, with "(your API key)" where the key was, and never the key
 * (test/service/keyRedaction.test.ts covers every status, format and spelling at the client).
 */
import { json } from '../service/scriptedServer';
import { batchServiceSuite } from './batchService';

const KEY = 'dc_test_fake/0123456789abcdef+key==';
let answer = { status: 401, format: 'json' as 'json' | 'text' };

const suite = batchServiceSuite((body, res, req) => {
  const requests = JSON.parse(new URLSearchParams(body).get('requests') ?? '[]') as unknown[];
  const message = `API key ${String(req.headers.authorization).replace(/^Bearer /, '')} is not valid for this plan`;
  const said = answer.format === 'json' ? JSON.stringify({ error: { type: 'api_error', message } }) : message;
  json(
    res,
    200,
    requests.map(() => ({ status: answer.status, headers: {}, body: said })),
  );
});

test.each([
  [401, 'json', '#VALUE!', 'API key (your API key) is not valid for this plan. Set your API key in the Climate pane.'],
  [
    422,
    'json',
    '#VALUE!',
    'The service could not identify the organization from what was sent: API key (your API key) is not valid for this plan.',
  ],
  [403, 'text', '#VALUE!', 'HTTP 403: API key (your API key) is not valid for this plan'],
] as const)(
  'a %i item (%s) that repeats the key shows in the cell without it',
  async (status, format, code, message) => {
    answer = { status, format };
    const session = await suite.open({ apiKey: KEY });
    const [address] = await session.calculate({ inputs: [['Acme']], formulas: { B: '=CLIMATE.SCORE(A{row})' } });
    await session.settled(30_000);
    expect((await session.results())[address].outcome).toEqual({ kind: 'error', code, message });
  },
);
