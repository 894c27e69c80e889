/**
 * A service that repeats the API key it was sent (the Authorization value) in what it answers, as a
 * careless one might ("API key … is not valid for this plan"): whole answers and `/batch` items, every
 * failing status, JSON and plain text, the key as sent, URL-encoded or upper-cased. No message a cell
 * or the pane shows holds the key in any of these spellings, and each still says what the service
 * meant, with "(your API key)" where the key was.
 */
import { engineErrorFrom } from '../../src/engine/errors';
import { failureFrom } from '../../src/functions/results/errors';
import { ClimateClient } from '../../src/service/client';
import { nodeFetch } from '../../src/service/nodeFetch';
import { errorFromResponse } from '../../src/service/responseErrors';
import { messageOf } from '../../src/taskpane/ui/view';
import { json, startScriptedServer, type ReceivedRequest, type ScriptedServer } from './scriptedServer';

/** A fake key with characters URL-encoding changes (`/`, `+`, `=`) and letters upper-casing changes. */
const KEY = 'dc_test_fake/0123456789abcdef+key==';
const SPELLINGS: Record<string, (key: string) => string> = {
  'as sent': (key) => key,
  'URL-encoded': encodeURIComponent,
  'upper-cased': (key) => key.toUpperCase(),
};
const STATUSES = [401, 403, 422, 500];
const SAID = 'is not valid for this plan';

/** Every spelling of the key a message must not hold. */
function expectNoKey(message: string): void {
  for (const spell of Object.values(SPELLINGS)) expect(message.toLowerCase()).not.toContain(spell(KEY).toLowerCase());
}

/** The key this request carried, as the service received it. */
const sentKey = (req: ReceivedRequest): string => String(req.headers.authorization).replace(/^Bearer /, '');

/** The failing answer's body: the JSON envelope, or plain text. */
function echo(format: 'json' | 'text', spelled: string): string {
  const message = `API key ${spelled} ${SAID}`;
  return format === 'json' ? JSON.stringify({ error: { type: 'authentication_error', message } }) : message;
}

let server: ScriptedServer;
/** What the server answers next: a failing status, a format and a spelling of the key. */
let script = { status: 401, format: 'json' as 'json' | 'text', spell: SPELLINGS['as sent'] };

beforeAll(async () => {
  server = await startScriptedServer((req, res) => {
    const body = echo(script.format, script.spell(sentKey(req)));
    if (req.url !== '/batch') {
      res.writeHead(script.status, { 'Content-Type': script.format === 'json' ? 'application/json' : 'text/plain' });
      res.end(body);
      return;
    }
    json(res, 200, [{ status: script.status, headers: {}, body }]);
  });
});
afterAll(() => server.close());

const client = () => new ClimateClient({ baseUrl: server.url, apiKey: KEY, fetch: nodeFetch });

/** A whole answer: the client's rejection. */
async function topLevel(): Promise<Error> {
  return client()
    .registerOrganization({ name: 'Acme' })
    .then(
      () => new Error('expected a rejection'),
      (error: unknown) => error as Error,
    );
}

/** A batch item: read as the engine reads it (batchVerdict.ts). */
async function batchItem(): Promise<Error> {
  const [item] = await client().batch([{ url: '/organizations', method: 'POST', body: { name: 'Acme' } }]);
  return errorFromResponse(item.status, item.headers, item.body);
}

describe.each([
  ['a whole answer', topLevel],
  ['a /batch item', batchItem],
])('%s repeating the key', (_where, fail) => {
  for (const status of STATUSES) {
    for (const format of ['json', 'text'] as const) {
      for (const [spelling, spell] of Object.entries(SPELLINGS)) {
        it(`HTTP ${status}, ${format}, the key ${spelling}: cell and pane show the message without it`, async () => {
          script = { status, format, spell };
          const error = await fail();
          const cell = failureFrom(engineErrorFrom(error, 1)).message;
          const pane = messageOf(error);
          for (const message of [error.message, cell, pane]) {
            expectNoKey(message);
            expect(message).toContain(`API key (your API key) ${SAID}`);
          }
        });
      }
    }
  }
});

it('a page link repeating the key is quoted without it when it is refused', async () => {
  const links = await startScriptedServer((req, res) =>
    json(res, 200, [{ id: 1, name: 'Steel' }], {
      Link: `<https://elsewhere.example/?key=${sentKey(req)}>; rel="next"`,
    }),
  );
  try {
    const linked = new ClimateClient({ baseUrl: links.url, apiKey: KEY, fetch: nodeFetch });
    const { next } = await linked.listIndustries(1);
    const error = await linked.batch([{ url: String(next), method: 'GET' }]).then(
      () => new Error('expected a rejection'),
      (e: unknown) => e as Error,
    );
    expectNoKey(messageOf(error));
    expect(messageOf(error)).toContain('"https://elsewhere.example/?key=(your API key)" is not a path under it');
  } finally {
    await links.close();
  }
});

describe('a /batch item spelling the key another way JSON or Unicode allows', () => {
  /** A server answering every batch with one item whose body is `itemBody` made of the key it received. */
  async function answering(itemBody: (key: string) => string) {
    const echoing = await startScriptedServer((req, res) =>
      json(res, 200, [{ status: 401, headers: {}, body: itemBody(sentKey(req)) }]),
    );
    try {
      const echoClient = new ClimateClient({ baseUrl: echoing.url, apiKey: KEY, fetch: nodeFetch });
      const [item] = await echoClient.batch([{ url: '/organizations', method: 'POST', body: { name: 'Acme' } }]);
      return item;
    } finally {
      await echoing.close();
    }
  }
  const envelope = (message: string) => `{"error":{"message":${message}}}`;

  it.each([
    ['with "/" escaped as "\\/" (PHP\'s json_encode)', (key: string) => key.replace(/\//g, '\\/')],
    ['with "+" escaped as "\\u002B" (.NET\'s encoder)', (key: string) => key.replace(/\+/g, '\\u002B')],
    [
      'wholly in \\u escapes',
      (key: string) => [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    ],
  ])('the key %s inside the item body: the message holds no key', async (_label, escape) => {
    const item = await answering((key) => envelope(`"API key ${escape(key)} ${SAID}"`));
    const error = errorFromResponse(item.status, item.headers, item.body);
    for (const message of [error.message, failureFrom(engineErrorFrom(error, 1)).message, messageOf(error)]) {
      expectNoKey(message);
      expect(message).toContain(`API key (your API key) ${SAID}`);
    }
  });

  it.each([
    ['a direction control', '\u202a'],
    ['a zero-width space', '\u200b'],
    ['a soft hyphen and a word joiner', '\u00ad\u2060'],
  ])('the key with %s inside it, in a text the record shows: the record holds no key', async (_label, hidden) => {
    const item = await answering((key) => {
      const spoiled = `${key.slice(0, 5)}${hidden}${key.slice(5)}`;
      return JSON.stringify({
        id: 1,
        name: spoiled,
        status: 'synced',
        matching_organization: { id: 1, name: spoiled },
      });
    });
    const shown = JSON.stringify(item.body).replace(
      /\\u[0-9a-f]{4}|[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064]/gi,
      '',
    );
    expectNoKey(shown);
    expect(JSON.stringify(item.body)).toContain('(your API key)');
  });

  /** What a later reader makes of a text: full-width letters as ASCII (NFKC), controls and separators gone. */
  const asReadLater = (text: string): string =>
    text
      .normalize('NFKC')
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g, '');
  const fullWidth = (text: string): string =>
    [...text].map((c) => (c > ' ' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');

  it.each([
    ['a NUL, which cells show as a space', (key: string) => `${key.slice(0, 5)}\u0000${key.slice(5)}`],
    ['a NEL (a C1 control)', (key: string) => `${key.slice(0, 7)}\u0085${key.slice(7)}`],
    ['a line separator', (key: string) => `${key.slice(0, 3)}\u2028${key.slice(3)}`],
    [
      'a paragraph separator and a bell',
      (key: string) => `${key.slice(0, 3)}\u2029${key.slice(3, 9)}\u0007${key.slice(9)}`,
    ],
    ['full-width letters', (key: string) => fullWidth(key)],
    ['half full-width, with a zero-width space', (key: string) => `${fullWidth(key.slice(0, 8))}\u200b${key.slice(8)}`],
  ])('the key with %s in the message: no reader of the cell finds the key', async (_label, spoil) => {
    const item = await answering((key) => envelope(JSON.stringify(`API key ${spoil(key)} ${SAID}`)));
    const error = errorFromResponse(item.status, item.headers, item.body);
    for (const message of [error.message, failureFrom(engineErrorFrom(error, 1)).message, messageOf(error)]) {
      expectNoKey(asReadLater(message));
      expect(message).toContain(`API key (your API key) ${SAID}`);
    }
  });
});
