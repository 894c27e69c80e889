/**
 * Every message a CLIMATE cell can show, in each of the add-in's languages: each is produced the way a
 * cell meets it (the functions' catalogue over an engine, the argument parsers, the engine's and the
 * client's failures, the boundary that turns them into the cell's error), with the runtime's language
 * set as Office's display language sets it. Each language gives its own words for each, none falls
 * back to English, every message of src/i18n/messages/cells.json is met, and what formulas test (the
 * error's code, MATCH's verdict, the card's property names) is the same in every language.
 */
import cells from '../../src/i18n/messages/cells.json';
import { LANGUAGES, type Language } from '../../src/i18n/languages';
import * as translate from '../../src/i18n/translate';
import { setLanguage } from '../../src/i18n/translate';
import { createCatalogue } from '../../src/functions/catalogue';
import type { FunctionCall } from '../../src/functions/catalogue';
import type { FunctionsEngine } from '../../src/functions/organizationSource';
import { PreviewNotice } from '../../src/functions/organizationSource';
import { CellFailure, failureFrom, pendingFailure } from '../../src/functions/results/errors';
import { parseOrganization } from '../../src/functions/arguments/organizationArgument';
import { describeInput } from '../../src/functions/arguments/cellInput';
import { profileLinkRule } from '../../src/service/profileLink';
import { parseInitiative } from '../../src/functions/arguments/initiatives';
import { parseFields } from '../../src/functions/results/fields';
import { industrySearch, parseSbtiCompany, parseSbtiField, sbtiResult } from '../../src/functions/referenceData';
import { UNJUDGED } from '../../src/functions/results/nameMatch';
import { INITIATIVES_NOTE_PROPERTY } from '../../src/functions/results/organizationEntity';
import {
  authError,
  cancelledError,
  deadlineError,
  engineErrorFrom,
  missingKeyError,
  registrationErrorFrom,
  shuttingDownError,
  waitAskedError,
} from '../../src/engine/errors';
import { outcomeOf } from '../../src/engine/sending/recordTask';
import { identify } from '../../src/engine';
import { errorFromResponse } from '../../src/service/responseErrors';
import {
  MalformedResponseError,
  NetworkError,
  RateLimitError,
  ServerError,
  ValidationError,
} from '../../src/service/errors';
import { request, type FetchLike, type FetchResponseLike } from '../../src/service/http';
import { collectPages } from '../../src/service/pagination';
import { INITIATIVE_KEYS, type OrganizationRecord } from '../../src/service/types';
import { record } from '../engine/fakeService';
import { disposeEngines, rig } from '../engine/rig';

const BASE = 'https://api.climate.example';
const call: FunctionCall = {};

/** What the cell shows for a failure, thrown, rejected or in a spilled result's place: the boundary's code and message. */
async function shown(work: () => unknown): Promise<CellFailure> {
  let result: unknown;
  try {
    result = await work();
  } catch (error) {
    return failureFrom(error);
  }
  const element = Array.isArray(result) ? result.flat().find((each) => each instanceof CellFailure) : undefined;
  if (element) return element as CellFailure;
  throw new Error('expected the cell to fail');
}
/** The cell's error as it shows: its code (what formulas test), then its message. */
const message = async (work: () => unknown): Promise<string> => {
  const { code, message: words } = await shown(work);
  return `${code} ${words}`;
};

/** A functions engine that answers every organization with `raw` and every GET with an empty list. */
function engineOf(answer: OrganizationRecord): FunctionsEngine {
  const state = answer.status === 'synced' || answer.status === null ? 'ready' : 'pending';
  return {
    organization: () => Promise.resolve({ state, record: answer, receivedAt: 0 }),
    cached: () => null,
    heldIdentifier: () => null,
    loading: () => null,
    get: () => Promise.resolve({ status: 200, headers: {}, body: [] }),
    record: () => Promise.resolve(answer),
    scopeGeneration: () => 0,
  };
}
const catalogueOver = (answer: OrganizationRecord) =>
  createCatalogue({
    engine: () => engineOf(answer),
    scoreScale: () => '0-100',
    dataTypes: () => false,
    entities: () => true,
    logoUrl: () => null,
    isAccepted: () => false,
    deadlineMs: () => 120_000,
  });

const NO_INITIATIVES = Object.fromEntries(
  INITIATIVE_KEYS.map((key) => [key, null]),
) as OrganizationRecord['initiatives'];
const ACME = record(1, 'Acme');
/** The service's Summary format: no initiatives, no matched organization, no rank (a record of its own per language: a record's card is made once). */
const summary = () =>
  record(2, 'Beta', 'synced', {
    initiatives: NO_INITIATIVES,
    matching_organization: null,
    industry_rank: null,
  });
const NO_LINK = record(3, 'Gamma', 'synced', {
  matching_organization: { id: 3, name: 'Gamma', link: null, industry: null },
});
const NO_SCORE = record(4, 'Delta', 'synced', { score: null });
const RESEARCHING = record(5, 'Epsilon', 'researching');
const ERRORED = record(6, 'Zeta', 'errored');

/** An answer of `status` with `text` as its body. */
const answer = (status: number, text: string, headers: Record<string, string> = {}): FetchResponseLike => ({
  status,
  headers: { forEach: (each) => Object.entries(headers).forEach(([name, value]) => each(value, name)) },
  text: () => Promise.resolve(text),
});
/** The client's failure for one request over `fetch`. */
const requestFailure = (fetch: FetchLike, options: { apiKey?: string; timeoutMs?: number } = {}) =>
  message(() =>
    request(
      { baseUrl: BASE, apiKey: options.apiKey ?? 'key', fetch, timeoutMs: options.timeoutMs ?? 30_000 },
      { method: 'GET', target: '/industries' },
    ),
  );
const refusedWith =
  (code: string): FetchLike =>
  () =>
    Promise.reject(Object.assign(new Error('failed'), { code }));
/** A call from a page on the add-in's origin (the runtime's), where a browser hides why a call failed. */
async function fromAPage<T>(work: () => Promise<T>): Promise<T> {
  const holder = globalThis as { location?: unknown };
  holder.location = { origin: 'https://localhost:3000' };
  try {
    return await work();
  } finally {
    delete holder.location;
  }
}
const page = (items: unknown[], next: string | null, number: number) => ({ items, next, last: null, page: number });

/** Every message a cell can show, each produced the way a cell meets it. */
const SCENARIOS: Record<string, () => Promise<string>> = {
  // the organization argument
  'empty organization': () => message(() => parseOrganization(null)),
  'a placeholder for an organization': () => message(() => parseOrganization('N/A')),
  'organization cell with an error': () => message(() => parseOrganization('#N/A')),
  'organization as a range': () =>
    message(() =>
      parseOrganization([
        [1, 2],
        [3, 4],
      ]),
    ),
  'a logical value': () => message(() => parseOrganization(true)),
  'a number that is not whole': () => message(() => parseOrganization(12.5)),
  'a negative number': () => message(() => parseOrganization(-3)),
  'a number of 12 digits': () => message(() => parseOrganization(123456789012)),
  'too long': () => message(() => parseOrganization('x'.repeat(301))),
  'a control character': () => message(() => parseOrganization('Acme\u0007')),
  'a direction control': () => message(() => parseOrganization('Acme\u202e')),
  markup: () => message(() => parseOrganization('<b>Acme</b>')),
  'a formula': () => message(() => parseOrganization('=1+1')),
  'a CUSIP': () => message(() => parseOrganization('cusip:037833100')),
  'a SEDOL': () => message(() => parseOrganization('sedol:2046251')),
  'a FIGI': () => message(() => parseOrganization('figi:BBG000B9XRY4')),
  'an SEC CIK': () => message(() => parseOrganization('cik:0000320193')),
  'an EIN': () => message(() => parseOrganization('ein:94-2404110')),
  'a VAT number': () => message(() => parseOrganization('vat:DE123456789')),
  'a ticker': () => message(() => parseOrganization('ticker:AAPL')),
  'a RIC': () => message(() => parseOrganization('ric:AAPL.OQ')),
  'nothing after name:': () => message(() => parseOrganization('name:')),
  'nothing after web:': () => message(() => parseOrganization('web:')),
  'nothing after duns:': () => message(() => parseOrganization('duns:')),
  'nothing after lei:': () => message(() => parseOrganization('lei:')),
  'nothing after isin:': () => message(() => parseOrganization('isin:')),
  'nothing after spg:': () => message(() => parseOrganization('spg:')),
  'nothing after https://': () => message(() => parseOrganization('https://')),
  'not a website': () => message(() => parseOrganization('web:no site')),
  'a free mailbox': () => message(() => parseOrganization('jane@gmail.com')),
  'a page on a shared site': () => message(() => parseOrganization('https://www.linkedin.com/company/acme')),
  'two websites': () => message(() => parseOrganization('acme.com', 'beta.com')),
  'a DUNS of 8 digits': () => message(() => parseOrganization('duns:15-048-378')),
  'a DUNS with a letter': () => message(() => parseOrganization('duns:15048378A')),
  'a DUNS of zeros': () => message(() => parseOrganization('duns:000000000')),
  'an LEI with a symbol': () => message(() => parseOrganization('lei:529900T8BM49AURSD$55')),
  'an LEI without check digits': () => message(() => parseOrganization('lei:529900T8BM49AURSDO5X')),
  'an LEI whose check digits fail': () => message(() => parseOrganization('lei:529900T8BM49AURSDO56')),
  'an ISIN of 11 characters': () => message(() => parseOrganization('isin:US037833100')),
  'an ISIN without a country': () => message(() => parseOrganization('isin:120378331005')),
  'an ISIN without a check digit': () => message(() => parseOrganization('isin:US037833100X')),
  'an ISIN whose check digit fails': () => message(() => parseOrganization('isin:US0378331006')),
  'an empty S&P identifier': () => message(() => parseOrganization('spg: IQ')),
  'an S&P identifier with letters': () => message(() => parseOrganization('spg:12AB')),
  'an S&P identifier too long': () => message(() => parseOrganization('spg:1234567890123')),
  'not a country': () => message(() => parseOrganization('Acme', null, 'U$A')),
  'an unknown country': () => message(() => parseOrganization('Acme', null, 'Europe')),
  'a number for a country': () => message(() => parseOrganization('Acme', null, 42)),
  // the other arguments
  'an unknown initiative': () => message(() => parseInitiative('Paris')),
  'an empty initiative': () => message(() => parseInitiative(null)),
  'an unknown field': () => message(() => parseFields('weight')),
  'fields given as a number': () => message(() => parseFields(42)),
  'fields with a formula': () => message(() => parseFields('=score')),
  'an empty search': () => message(() => industrySearch('#N/A')),
  'a company of wildcards': () => message(() => parseSbtiCompany('**')),
  'an empty company': () => message(() => parseSbtiCompany(null)),
  'an unknown SBTi field': () => message(() => parseSbtiField('colour')),
  'a number for an SBTi field': () => message(() => parseSbtiField(7)),
  // what the service's answers leave out
  'no score': () => message(() => catalogueOver(NO_SCORE).score('Delta', null, null, call)),
  'no industry rank': () => message(() => catalogueOver(summary()).profile('Beta', 'industry_rank', null, null, call)),
  'no name similarity': () =>
    message(() => catalogueOver(ACME).profile('lei:529900T8BM49AURSDO55', 'match_similarity', null, null, call)),
  'initiatives left out': () => message(() => catalogueOver(summary()).flag('Beta', 'SBTi', null, null, call)),
  'no profile link': () => message(() => catalogueOver(NO_LINK).link('Gamma', null, null, call)),
  profiling: () => message(() => catalogueOver(RESEARCHING).score('Epsilon', null, null, call)),
  'profiling, no status said': () => message(() => Promise.reject(pendingFailure(null))),
  'profile failed': () => message(() => Promise.reject(outcomeOf(ERRORED, 0))),
  'profile failed, no name': () =>
    message(() => Promise.reject(outcomeOf({ ...ERRORED, name: null, matching_organization: null }, 0))),
  'no industries': () => message(() => catalogueOver(ACME).industries(null, call)),
  'no industry matches': () => message(() => catalogueOver(ACME).industries('steel', call)),
  'no SBTi company by name': () => message(() => catalogueOver(ACME).sbti('Acme', null, call)),
  'no SBTi company by ISIN': () => message(() => catalogueOver(ACME).sbti('US0378331005', null, call)),
  'two SBTi companies': () =>
    message(() =>
      sbtiResult([{ company_name: 'Acme A' }, { company_name: 'Acme B' }] as never, parseSbtiCompany('Acme'), null),
    ),
  'no SBTi value': () =>
    message(() => sbtiResult([{ company_name: 'Acme' }] as never, parseSbtiCompany('Acme'), 'sector')),
  'no recommended actions': () => message(() => catalogueOver(ACME).actions('Acme', null, null, call)),
  'a previewed formula': () => Promise.resolve(new PreviewNotice().message),
  // the rule a profile link breaks, in a build that takes links on the provider's site only
  'the profile link rule on a host': () => Promise.resolve(profileLinkRule('ditchcarbon.com')),
  // how any message names an empty input
  'an empty cell named': () => Promise.resolve(describeInput({ kind: 'empty' })),
  // the card's notes (CLIMATE.ORG on a host that renders entities)
  "the card's initiatives note and unjudged match": async () => {
    const card = (await catalogueOver(summary()).org('Beta', null, null, call)) as Excel.EntityCellValue;
    const note = card.properties![INITIATIVES_NOTE_PROPERTY] as Excel.StringCellValue;
    const match = card.properties!.Match as Excel.StringCellValue & Excel.CellValueAndPropertyMetadata;
    expect(match.basicValue).toBe(UNJUDGED);
    return `${note.basicValue} | ${match.propertyMetadata?.sublabel}`;
  },
  // the engine's failures
  'no key': () => message(() => Promise.reject(missingKeyError())),
  'a refused key': () => message(() => Promise.reject(authError('Invalid API key'))),
  'a key with spaces': () => requestFailure(() => Promise.resolve(answer(200, '{}')), { apiKey: 'a b' }),
  'limiting, no wait said': () => message(() => Promise.reject(waitAskedError(null))),
  'limiting, a wait asked': () => message(() => Promise.reject(waitAskedError(42_000))),
  'limiting, tried 3 times': () => message(() => Promise.reject(engineErrorFrom(new RateLimitError('x', null), 3))),
  'limiting, tried once': () => message(() => Promise.reject(engineErrorFrom(new RateLimitError('x', null), 1))),
  deadline: () => message(() => Promise.reject(deadlineError(30_000))),
  'shutting down': () => message(() => Promise.reject(shuttingDownError())),
  cancelled: () => message(() => Promise.reject(cancelledError())),
  'not identified': () =>
    message(() => Promise.reject(registrationErrorFrom(new ValidationError('lei_number: check digits fail'), 1))),
  'not sent': () => message(() => Promise.reject(engineErrorFrom(new Error('socket hang up'), 1))),
  'server failed 3 times': () =>
    message(() => Promise.reject(engineErrorFrom(new ServerError(errorFromResponse(502, {}, null).message, 502), 3))),
  'server failed with its words': () =>
    message(() =>
      Promise.reject(engineErrorFrom(errorFromResponse(500, {}, { error: { message: 'Database down' } }), 1)),
    ),
  'network failed twice': () => message(() => Promise.reject(engineErrorFrom(new NetworkError('Lost.'), 2))),
  'malformed twice': () => message(() => Promise.reject(engineErrorFrom(new MalformedResponseError('Bad.', 200), 2))),
  'no identity': () => message(() => identify({})),
  'not the service': async () => {
    const { engine } = await rig();
    return message(() => engine.get('https://elsewhere.example/x'));
  },
  'an unexpected problem': () => message(() => Promise.reject(new TypeError('x is undefined'))),
  'an unexpected problem, no details': () => message(() => Promise.reject(new Error(''))),
  // the client's failures
  'HTTP 401': () => Promise.resolve(errorFromResponse(401, {}, null).message),
  'HTTP 404': () => Promise.resolve(errorFromResponse(404, {}, null).message),
  'HTTP 422': () => Promise.resolve(errorFromResponse(422, {}, null).message),
  'HTTP 413': () => Promise.resolve(errorFromResponse(413, {}, null).message),
  'HTTP 429': () => Promise.resolve(errorFromResponse(429, {}, null).message),
  'HTTP 429, a wait asked': () => Promise.resolve(errorFromResponse(429, { 'retry-after': '20' }, null).message),
  'HTTP 429 in its words, a wait asked': () =>
    Promise.resolve(errorFromResponse(429, { 'retry-after': '20' }, { error: { message: 'Slow down.' } }).message),
  'a redirect': () => Promise.resolve(errorFromResponse(302, {}, null).message),
  'HTTP 418': () => Promise.resolve(errorFromResponse(418, {}, null).message),
  'an answer too large': () =>
    requestFailure(() => Promise.resolve(answer(200, '', { 'content-length': String(1e9) }))),
  'not JSON': () => requestFailure(() => Promise.resolve(answer(200, '{"id": 1'))),
  'no answer in time': () =>
    requestFailure(
      (_url, init) =>
        new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted')))),
      { timeoutMs: 1 },
    ),
  unreachable: () => requestFailure(refusedWith('ECONNREFUSED')),
  'broke while reading': () =>
    requestFailure(() =>
      Promise.resolve({
        ...answer(200, ''),
        text: () => Promise.reject(Object.assign(new Error('x'), { code: 'ECONNRESET' })),
      }),
    ),
  'refused cross-origin': () =>
    fromAPage(() =>
      requestFailure((_url, init) =>
        init.mode === 'no-cors' ? Promise.resolve(answer(0, '')) : Promise.reject(new TypeError('Failed to fetch')),
      ),
    ),
  'unreachable or refused': () =>
    fromAPage(() => requestFailure(() => Promise.reject(new TypeError('Failed to fetch')))),
  'a listing of too many items': () =>
    message(() =>
      collectPages(
        () => Promise.resolve(page(new Array(50_001).fill(1), null, 1)),
        () => Promise.reject(new Error('no')),
      ),
    ),
  'a listing of too many characters': () =>
    message(() =>
      collectPages(
        () => Promise.resolve(page(['x'.repeat(10_000_001)], null, 1)),
        () => Promise.reject(new Error('no')),
      ),
    ),
  'a listing without end': () =>
    message(() =>
      collectPages(
        () => Promise.resolve(page([1], '/industries?page=1', 1)),
        (target, n) => Promise.resolve(page([1], target, n)),
      ),
    ),
  'a listing too slow': () =>
    message(() =>
      collectPages(
        () => Promise.resolve(page([1], '/industries?page=2', 1)),
        () => new Promise(() => undefined),
        () => 1,
      ),
    ),
};

/** Each scenario's message in `language`, and the keys of cells.json the messages were made of. */
async function messagesIn(language: Language): Promise<{ messages: Record<string, string>; keys: Set<string> }> {
  const keys = new Set<string>();
  const translated = translate.t;
  const spy = jest.spyOn(translate, 't').mockImplementation((key, values, lang) => {
    keys.add(key);
    return translated(key, values, lang);
  });
  setLanguage(language);
  try {
    const messages: Record<string, string> = {};
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      messages[name] = await scenario().catch((error: Error) => {
        throw new Error(`${name} (${language}): ${error.message}`);
      });
    }
    return { messages, keys };
  } finally {
    setLanguage('en');
    spy.mockRestore();
    disposeEngines();
  }
}

/** Every language's messages, one language after the other (the language is the runtime's, one at a time). */
const results = new Map<Language, Awaited<ReturnType<typeof messagesIn>>>();
beforeAll(async () => {
  for (const language of LANGUAGES) results.set(language, await messagesIn(language));
});

test('the scenarios meet every message of src/i18n/messages/cells.json', () => {
  const { keys } = results.get('en')!;
  expect(Object.keys(cells).filter((key) => !keys.has(key))).toEqual([]);
});

describe.each(LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
  test('every message is its own, with every placeholder filled', () => {
    const en = results.get('en')!.messages;
    const { messages } = results.get(language)!;
    const same = Object.keys(SCENARIOS).filter((name) => messages[name] === en[name]);
    expect(same).toEqual([]);
    const unfilled = Object.entries(messages).filter(([, text]) => /\{\w+\}/.test(text));
    expect(unfilled).toEqual([]);
  });

  test('each error has the code it has in English: formulas test the code, not the words', () => {
    const code = (text: string) => /^#(N\/A|VALUE!) /.exec(text)?.[0] ?? null;
    const en = results.get('en')!.messages;
    const { messages } = results.get(language)!;
    const differing = Object.keys(SCENARIOS).filter((name) => code(messages[name]) !== code(en[name]));
    expect(differing).toEqual([]);
  });
});

test.each([
  ['en', 'no key', '#VALUE! No API key is set for the climate service. Set your API key in the Climate pane.'],
  [
    'de',
    'no key',
    '#VALUE! Für den Klimadienst ist kein API-Schlüssel festgelegt. Geben Sie Ihren API-Schlüssel im Climate-Bereich ein.',
  ],
  ['fr', 'an LEI whose check digits fail', '#VALUE! LEI non valide : les chiffres de contrôle sont faux.'],
  [
    'es',
    'limiting, tried 3 times',
    '#N/A El servicio climático está limitando las solicitudes (3 intentos). Pruebe más tarde con Actualizar.',
  ],
  [
    'it',
    'a logical value',
    '#VALUE! VERO non è un’organizzazione: indica un nome, un sito web, un DUNS, un LEI, un ISIN o spg:<id>.',
  ],
  ['ja', 'profiling', '#N/A プロファイル作成中 (researching) – このセルは自動で更新されます'],
  ['de', 'too long', '#VALUE! Das Argument „Organisation“ ist zu lang (301 Zeichen): Höchstens 300 werden gelesen.'],
  [
    'de',
    'a listing of too many items',
    '#N/A Die Liste des Dienstes ist länger als 50.000 Einträge (nach 1 Seite angehalten).',
  ],
] as const)('%s: %s', (language, scenario, expected) => {
  expect(results.get(language)!.messages[scenario]).toBe(expected);
});
