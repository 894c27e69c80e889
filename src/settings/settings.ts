/**
 * The one settings module that the functions, the engine and the task pane all read. Values live in
 * settings storage (see storage.ts) under stable keys, one string per key, so that an administrator or
 * a test can pre-seed them; `SETTINGS_TABLE` documents those keys and the README's table is checked
 * against it.
 *
 * Defaults: with nothing stored the add-in talks to the sandbox on its default address with the
 * sandbox's demo project key, so a fresh install shows real values at once. A production build sets
 * `process.env.CLIMATE_BASE_URL` (webpack DefinePlugin); then the default base URL is that one and
 * there is no default key.
 *
 * Decision on the demo key: it is the default only while the base URL is exactly `SANDBOX_BASE_URL`.
 * A sandbox on another port (tests, a second copy) gets no implicit key: treating every loopback URL
 * as "the sandbox" would send the demo key to whatever else listens on this machine, and tests are
 * clearer when they say which key they use. A stored key the checks refuse is never replaced by the
 * demo key (`keyProblem()` says why it was refused; cells and pane show it).
 *
 * Over 300 lines for now: definitions, checks, defaults, the documented table and the store still
 * share this file; splitting it so each setting's default also produces its documented text is
 * the next step (issue 15).
 */
import { isSendableKey } from '../service/apiKey';
import { normalizeBaseUrl } from '../service/baseUrl';
import type { KeyValueStorage } from './storage';

export type ScoreScale = '0-100' | '0-1';

export interface Settings {
  baseUrl: string;
  apiKey: string | null;
  project: { id: string | null; name: string } | null;
  privatePerformances: boolean;
  maxBatch: number;
  maxConcurrency: number;
  deadlineMs: number;
  cacheTtlMs: number;
  scoreScale: ScoreScale;
}

export const SANDBOX_BASE_URL = 'http://127.0.0.1:4010';
/** The sandbox's public demo project key (src/sandbox prints the same); never a real credential. */
export const SANDBOX_DEMO_KEY = 'sandbox-project-key';

const HOUR_MS = 3_600_000;

/** Bounds checked by `update` and applied to pre-seeded values. */
export const SETTINGS_LIMITS = {
  maxBatch: { min: 1, max: 100 }, // the sandbox refuses more than 100 items per batch (413)
  maxConcurrency: { min: 1, max: 64 },
  deadlineMs: { min: 1_000, max: HOUR_MS },
  cacheTtlMs: { min: 0, max: 30 * 24 * HOUR_MS },
} as const;

type NumberSetting = keyof typeof SETTINGS_LIMITS;

/** The production base URL fixed at build time; '' (or no build flag, as in Node) means "the sandbox". */
export function buildTimeBaseUrl(): string {
  try {
    // Written out in full so that DefinePlugin can replace the expression with a string literal.
    return (process.env.CLIMATE_BASE_URL ?? '').trim();
  } catch {
    return ''; // a browser bundle built without the define has no `process`
  }
}

interface FieldSpec<K extends keyof Settings> {
  key: string;
  meaning: string;
  /** How the value is written in storage, for whoever pre-seeds it. */
  format: string;
  defaultText: string;
  /** Checks a value from `update` or storage; throws an Error a person can act on. */
  check(value: unknown): Settings[K];
  encode(value: Settings[K]): string | null; // null: remove the key (back to the default)
  decode(raw: string): unknown;
}

type FieldSpecs = { [K in keyof Settings]: FieldSpec<K> };

const plain = (raw: string): unknown => raw;
const json = (raw: string): unknown => JSON.parse(raw);

function wholeNumber(name: NumberSetting, label: string, unit = ''): (value: unknown) => number {
  const { min, max } = SETTINGS_LIMITS[name];
  return (value) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      throw new Error(`${label} must be a whole number from ${min} to ${max}${unit}.`);
    }
    return n;
  };
}

function checkBoolean(label: string): (value: unknown) => boolean {
  return (value) => {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    throw new Error(`${label} must be true or false.`);
  };
}

function checkBaseUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Error('The service address must be a URL.');
  return normalizeBaseUrl(value);
}

/** The key itself never appears in a message. */
function checkApiKey(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new Error('The API key must be text.');
  const key = value.trim();
  if (key === '') return null;
  if (!isSendableKey(key) || key.length < 8 || key.length > 512) {
    throw new Error('The API key must be 8 to 512 characters without spaces, as the service issued it.');
  }
  return key;
}

function checkProject(value: unknown): Settings['project'] {
  if (value === null || value === undefined) return null;
  const project = value as { id?: unknown; name?: unknown };
  const name = typeof project.name === 'string' ? project.name.trim() : '';
  const id = project.id === null || project.id === undefined ? null : project.id;
  if (typeof value !== 'object' || name === '' || name.length > 200) {
    throw new Error('The project needs a name of 1 to 200 characters.');
  }
  if (id !== null && typeof id !== 'string' && typeof id !== 'number') {
    throw new Error('The project id must be text or a number.');
  }
  return { id: id === null ? null : String(id), name };
}

function checkScale(value: unknown): ScoreScale {
  if (value === '0-100' || value === '0-1') return value;
  throw new Error('The score scale must be "0-100" or "0-1".');
}

const SPECS: FieldSpecs = {
  baseUrl: {
    key: 'climate.baseUrl',
    meaning: 'Address of the climate profile service. https is required unless it is on this machine.',
    format: 'URL',
    defaultText: `the build's production URL, else the sandbox \`${SANDBOX_BASE_URL}\``,
    check: checkBaseUrl,
    encode: String,
    decode: plain,
  },
  apiKey: {
    key: 'climate.apiKey',
    meaning: 'Project API key, sent only to the base URL as `Authorization: Bearer`.',
    format: 'text',
    defaultText: `\`${SANDBOX_DEMO_KEY}\` while the base URL is \`${SANDBOX_BASE_URL}\`, else none`,
    check: checkApiKey,
    encode: (key) => key,
    decode: plain,
  },
  project: {
    key: 'climate.project',
    meaning: 'The active project, as the task pane chose or created it.',
    format: 'JSON `{"id": "...", "name": "..."}`',
    defaultText: 'none',
    check: checkProject,
    encode: (project) => (project ? JSON.stringify(project) : null),
    decode: json,
  },
  privatePerformances: {
    key: 'climate.privatePerformances',
    meaning: "Read records with the project's private documents (`GET /organizations/{id}/private`).",
    format: '`true` or `false`',
    defaultText: '`false`',
    check: checkBoolean('Private performances'),
    encode: String,
    decode: plain,
  },
  maxBatch: {
    key: 'climate.maxBatch',
    meaning:
      'Most requests sent in one `POST /batch` (the engine sends up to 50 while batches in flight keep up, ' +
      'fuller batches when requests back up).',
    format: `whole number ${SETTINGS_LIMITS.maxBatch.min}-${SETTINGS_LIMITS.maxBatch.max}`,
    defaultText: '`100`',
    check: wholeNumber('maxBatch', 'The batch size'),
    encode: String,
    decode: plain,
  },
  maxConcurrency: {
    key: 'climate.maxConcurrency',
    meaning: 'Cap on batches in flight at once (the engine starts at 4 and grows while the service keeps up).',
    format: `whole number ${SETTINGS_LIMITS.maxConcurrency.min}-${SETTINGS_LIMITS.maxConcurrency.max}`,
    defaultText: '`16`',
    check: wholeNumber('maxConcurrency', 'The concurrency cap'),
    encode: String,
    decode: plain,
  },
  deadlineMs: {
    key: 'climate.deadlineMs',
    meaning: 'Time after which a cell that is still waiting shows an error instead.',
    format: 'milliseconds',
    defaultText: '`120000` (2 minutes)',
    check: wholeNumber('deadlineMs', 'The deadline', ' milliseconds'),
    encode: String,
    decode: plain,
  },
  cacheTtlMs: {
    key: 'climate.cacheTtlMs',
    meaning: 'How long a finished profile is reused without asking the service again (0: not kept).',
    format: 'milliseconds',
    defaultText: '`86400000` (24 hours)',
    check: wholeNumber('cacheTtlMs', 'The cache lifetime', ' milliseconds'),
    encode: String,
    decode: plain,
  },
  scoreScale: {
    key: 'climate.scoreScale',
    meaning: 'How cells show the score: `0-100` (rounded to 0.1) or the service\'s raw `0-1`.',
    format: '`0-100` or `0-1`',
    defaultText: '`0-100`',
    check: checkScale,
    encode: String,
    decode: plain,
  },
};

const FIELDS = Object.keys(SPECS) as (keyof Settings)[];

export const SETTINGS_KEYS: Record<keyof Settings, string> = Object.fromEntries(
  FIELDS.map((field) => [field, SPECS[field].key]),
) as Record<keyof Settings, string>;

export interface SettingDoc {
  setting: keyof Settings;
  key: string;
  meaning: string;
  format: string;
  default: string;
}

/** The README's settings table, as data (a test checks the README against it). */
export const SETTINGS_TABLE: readonly SettingDoc[] = FIELDS.map((setting) => ({
  setting,
  key: SPECS[setting].key,
  meaning: SPECS[setting].meaning,
  format: SPECS[setting].format,
  default: SPECS[setting].defaultText,
}));

/** SETTINGS_TABLE as the Markdown table the README carries. */
export function settingsTableMarkdown(): string {
  const rows = SETTINGS_TABLE.map((row) => `| \`${row.key}\` | ${row.meaning} | ${row.format} | ${row.default} |`);
  return ['| storage key | meaning | format | default |', '|---|---|---|---|', ...rows].join('\n');
}

function defaultBaseUrl(): string {
  const built = buildTimeBaseUrl();
  if (built === '') return SANDBOX_BASE_URL;
  try {
    return normalizeBaseUrl(built);
  } catch {
    return SANDBOX_BASE_URL; // a broken build flag must not leave the add-in without a service
  }
}

/** "The API key must be …" -> "The API key in the settings is not valid: it must be …". */
function invalidKeyMessage(rule: string): string {
  return `The API key in the settings is not valid: ${rule.replace(/^The API key /, 'it ')}`;
}

function defaultKeyFor(baseUrl: string): string | null {
  return baseUrl === SANDBOX_BASE_URL ? SANDBOX_DEMO_KEY : null;
}

/**
 * The settings in force: each stored value, else its default. A stored key the checks refused
 * (`keyRefused`) is never replaced by the sandbox's demo key: someone set a key, and must hear it is wrong.
 */
function resolve(stored: Partial<Settings>, keyRefused = false): Settings {
  const baseUrl = stored.baseUrl ?? defaultBaseUrl();
  return {
    baseUrl,
    apiKey: stored.apiKey ?? (keyRefused ? null : defaultKeyFor(baseUrl)),
    project: stored.project ?? null,
    privatePerformances: stored.privatePerformances ?? false,
    maxBatch: stored.maxBatch ?? 100,
    maxConcurrency: stored.maxConcurrency ?? 16,
    deadlineMs: stored.deadlineMs ?? 120_000,
    cacheTtlMs: stored.cacheTtlMs ?? 24 * HOUR_MS,
    scoreScale: stored.scoreScale ?? '0-100',
  };
}

export function defaultSettings(): Settings {
  return resolve({});
}

function same(a: Settings, b: Settings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class SettingsStore {
  /** Values found in storage (or saved by `update`); missing ones take their defaults. */
  private stored: Partial<Settings> = {};
  private settings: Settings = defaultSettings();
  private readonly listeners = new Set<(settings: Settings) => void>();
  private firstLoad: Promise<Settings> | null = null;
  private loadProblems: string[] = [];
  /** Why the stored key was refused at load; null once a key is saved or removed. */
  private storedKeyProblem: string | null = null;
  /** Updates run one after another so that two quick saves cannot interleave their writes. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(readonly storage: KeyValueStorage) {}

  /**
   * Reads every key from storage. A stored value that fails its check is ignored (its default is used)
   * and reported by `problems()`, so a bad pre-seed cannot stop the add-in. Listeners hear of changes.
   */
  load(): Promise<Settings> {
    const run = this.read();
    this.firstLoad ??= run;
    return run;
  }

  /** Resolves once a first `load()` (started here if needed) is done, with the settings as they are then. */
  async loaded(): Promise<Settings> {
    await (this.firstLoad ?? this.load());
    return this.settings;
  }

  private async read(): Promise<Settings> {
    const stored: Partial<Settings> = {};
    const problems: string[] = [];
    let keyProblem: string | null = null;
    await Promise.all(
      FIELDS.map(async (field) => {
        const raw = await this.storage.getItem(SPECS[field].key);
        if (raw === null) return;
        try {
          const value = SPECS[field].check(SPECS[field].decode(raw));
          if (value !== null) (stored as Record<string, unknown>)[field] = value;
        } catch (error) {
          if (field !== 'apiKey') {
            problems.push(`${SPECS[field].key}: ${(error as Error).message} The default is used.`);
            return;
          }
          keyProblem = invalidKeyMessage((error as Error).message);
          problems.push(`${SPECS[field].key}: ${keyProblem}`);
        }
      }),
    );
    this.stored = stored;
    this.loadProblems = problems;
    this.storedKeyProblem = keyProblem;
    this.apply(resolve(stored, keyProblem !== null));
    return this.settings;
  }

  /** Messages about pre-seeded values that were ignored at the last load. */
  problems(): readonly string[] {
    return this.loadProblems;
  }

  /**
   * "The API key in the settings is not valid: …" while the stored key is one the checks refused (the
   * settings then have no key); null otherwise.
   */
  keyProblem(): string | null {
    return this.storedKeyProblem;
  }

  current(): Settings {
    return this.settings;
  }

  /**
   * Checks every value of the patch first; any bad value rejects the whole patch with one message and
   * nothing is saved. `apiKey: null` (or '') removes the stored key, which brings back the default.
   */
  update(patch: Partial<Settings>): Promise<Settings> {
    const run = this.writes.then(() => this.write(patch));
    this.writes = run.catch(() => undefined);
    return run;
  }

  subscribe(listener: (settings: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async write(patch: Partial<Settings>): Promise<Settings> {
    const checked: Partial<Settings> = {};
    const errors: string[] = [];
    for (const [field, value] of Object.entries(patch)) {
      if (!(field in SPECS)) {
        errors.push(`There is no setting called "${field}".`);
        continue;
      }
      try {
        (checked as Record<string, unknown>)[field] = SPECS[field as keyof Settings].check(value);
      } catch (error) {
        errors.push((error as Error).message);
      }
    }
    if (errors.length > 0) throw new Error(errors.join(' '));

    const stored: Partial<Settings> = { ...this.stored };
    for (const field of Object.keys(checked) as (keyof Settings)[]) {
      const spec = SPECS[field] as FieldSpec<typeof field>;
      const value = checked[field] as Settings[typeof field];
      const encoded = value === null ? null : spec.encode(value);
      if (encoded === null) {
        await this.storage.removeItem(spec.key);
        delete stored[field];
      } else {
        await this.storage.setItem(spec.key, encoded);
        (stored as Record<string, unknown>)[field] = value;
      }
    }
    this.stored = stored;
    if ('apiKey' in checked) this.storedKeyProblem = null;
    this.apply(resolve(stored, this.storedKeyProblem !== null));
    return this.settings;
  }

  private apply(next: Settings): void {
    if (same(next, this.settings)) return;
    this.settings = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}
