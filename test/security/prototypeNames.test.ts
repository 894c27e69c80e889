/**
 * Names that are also the names of every object's inherited properties (`constructor`, `toString`,
 * `__proto__`, `hasOwnProperty`), through the built bundle against a scripted service: written by the
 * analyst as a prefix, a field or an error's type, or sent by the service as a rank, each is read as the
 * unknown word it is, never as the inherited property ("Unexpected problem: Cannot read properties of
 * undefined").
 */
import type { ServerResponse } from 'node:http';
import type { CellOutcome } from '../harness';
import { json } from '../service/scriptedServer';
import { batchServiceSuite } from './batchService';

const PROTOTYPE_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

function record(name: string) {
  return {
    id: 1,
    name,
    status: 'synced',
    score: 0.5,
    rank: 'constructor',
    industry_rank: 'toString',
    region_rank: 'high',
    matching_organization: { id: 7, name, link: null, industry: { id: 3, name: 'Cement' } },
    industry: { id: 3, name: 'Cement', mean_score: 0.4 },
    initiatives: {},
  };
}

function answer(body: string, res: ServerResponse): void {
  const requests = JSON.parse(new URLSearchParams(body).get('requests') ?? '[]') as Array<{
    body?: { name?: string };
  }>;
  json(
    res,
    200,
    requests.map(({ body: request }) => ({
      status: 200,
      headers: {},
      body: JSON.stringify(record(request?.name ?? '')),
    })),
  );
}

const suite = batchServiceSuite(answer);

const message = (outcome: CellOutcome): string => JSON.stringify(outcome);

test('a prototype name written as a prefix is part of the name, as any unknown word before a colon is', async () => {
  const session = await suite.open();
  const inputs = [...PROTOTYPE_NAMES, 'foo'].map((word) => [`${word}: Acme`]);
  const addresses = await session.calculate({ inputs, formulas: { B: '=CLIMATE.SCORE(A{row})' } });
  await session.settled(30_000);
  const results = await session.results();
  const outcomes = addresses.map((address) => results[address].outcome);
  expect(outcomes.map(message).filter((text) => /Unexpected problem/.test(text))).toEqual([]);
  // Each reads exactly as the ordinary unknown word does.
  const ordinary = outcomes[outcomes.length - 1];
  expect(ordinary).toMatchObject({ kind: 'value' });
  for (const outcome of outcomes) expect(outcome.kind).toBe(ordinary.kind);
  const names = suite.service.received.flatMap((req) =>
    (JSON.parse(new URLSearchParams(req.body).get('requests') ?? '[]') as Array<{ body?: { name?: string } }>).map(
      (item) => item.body?.name,
    ),
  );
  expect(names).toEqual(expect.arrayContaining(PROTOTYPE_NAMES.map((word) => `${word}: Acme`)));
});

test('a prototype name as a field is an unknown field; as a rank from the service, a rank like any other word', async () => {
  const session = await suite.open();
  const formulas = Object.fromEntries(
    PROTOTYPE_NAMES.map((word, i) => [String.fromCharCode(66 + i), `=CLIMATE.PROFILE(A{row}, "${word}")`]),
  );
  const addresses = await session.calculate({
    inputs: [['Acme']],
    formulas: { ...formulas, G: '=CLIMATE.PROFILE(A{row}, "rank")', H: '=CLIMATE.PROFILE(A{row}, "industry rank")' },
  });
  await session.settled(30_000);
  const results = await session.results();
  const outcomes = addresses.map((address) => results[address].outcome);
  for (const [i, word] of PROTOTYPE_NAMES.entries()) {
    expect(message(outcomes[i])).not.toMatch(/Unexpected problem/);
    expect(outcomes[i]).toMatchObject({ kind: 'error', code: '#VALUE!' });
    expect(message(outcomes[i])).toContain(word);
  }
  expect(message(outcomes[5])).not.toMatch(/function|native code/);
  expect(message(outcomes[6])).not.toMatch(/function|native code/);
});
