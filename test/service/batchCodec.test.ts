import { decodeBatch, encodeBatch } from '../../src/service/batchCodec';
import { MalformedResponseError } from '../../src/service/errors';

describe('encodeBatch', () => {
  it('form-encodes one field `requests` holding the JSON array of {url, method, body}', () => {
    const wire = encodeBatch([
      { url: '/organizations', method: 'POST', body: { name: 'Acme & Söhne', website: 'acme.example' } },
      { url: '/industries?page=2', method: 'GET' },
    ]);
    const form = new URLSearchParams(wire);
    expect([...form.keys()]).toEqual(['requests']);
    expect(JSON.parse(form.get('requests') ?? '')).toEqual([
      { url: '/organizations', method: 'POST', body: { name: 'Acme & Söhne', website: 'acme.example' } },
      { url: '/industries?page=2', method: 'GET' },
    ]);
    // `&` and `=` inside the JSON must not break the form into more fields.
    expect(wire.startsWith('requests=')).toBe(true);
    expect(wire).not.toMatch(/&/);
  });

  it('refuses absolute or protocol-relative item urls', () => {
    expect(() => encodeBatch([{ url: 'https://elsewhere.example/organizations', method: 'GET' }])).toThrow(/path/);
    expect(() => encodeBatch([{ url: '//elsewhere.example/x', method: 'GET' }])).toThrow(/path/);
  });
});

describe('decodeBatch', () => {
  const record = { id: 7, name: 'Acme' };

  it('parses bodies sent as JSON strings and keeps bodies sent as objects, in request order', () => {
    const items = decodeBatch(
      [
        { status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(record) },
        { status: 200, headers: {}, body: record },
        { status: 404, headers: {}, body: '{"status":404,"title":"Organization Not found","detail":"x","id":"9"}' },
      ],
      3,
    );
    expect(items.map((item) => item.status)).toEqual([200, 200, 404]);
    expect(items[0].body).toEqual(record);
    expect(items[1].body).toEqual(record);
    expect(items[2].body).toMatchObject({ title: 'Organization Not found' });
    expect(items[0].headers).toEqual({ 'content-type': 'application/json' });
  });

  it('keeps a body that is not JSON as text, reads empty or missing bodies and headers as null / {}', () => {
    const items = decodeBatch([{ status: 500, body: 'Internal error' }, { status: 204, body: '' }, { status: 200 }], 3);
    expect(items[0]).toEqual({ status: 500, headers: {}, body: 'Internal error' });
    expect(items[1].body).toBeNull();
    expect(items[2].body).toBeNull();
  });

  it('detects a length mismatch (a truncated batch answer) as malformed', () => {
    const two = [
      { status: 200, headers: {}, body: '{}' },
      { status: 200, headers: {}, body: '{}' },
    ];
    expect(() => decodeBatch(two, 3)).toThrow(MalformedResponseError);
    expect(() => decodeBatch(two, 3)).toThrow('answered 2 of 3');
    expect(() => decodeBatch(two, 1)).toThrow(MalformedResponseError);
  });

  it('refuses answers that are not a list of {status}', () => {
    expect(() => decodeBatch({ responses: [] }, 0)).toThrow(MalformedResponseError);
    expect(() => decodeBatch([{ headers: {}, body: '{}' }], 1)).toThrow('no HTTP status');
    expect(() => decodeBatch(['200'], 1)).toThrow(MalformedResponseError);
  });
});

test('sub-response header names are lower-cased, so a Retry-After in any case is read', () => {
  const [item] = decodeBatch([{ status: 429, headers: { 'Retry-After': '2', 'X-Other': ['a', 'b'] }, body: '' }], 1);
  expect(item.headers).toEqual({ 'retry-after': '2', 'x-other': 'a, b' });
});
