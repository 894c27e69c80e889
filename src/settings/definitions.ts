/**
 * What each setting is: its storage key, its meaning, its format, its check and its default, each
 * written once. The settings table of docs/settings.md is rendered from these definitions (a test compares it
 * with that file), and each default's documented text is produced from the default value itself.
 *
 * Decision on the demo key: it is the default only while the base URL is exactly `SANDBOX_BASE_URL`.
 * A sandbox on another port (tests, a second copy) gets no implicit key: treating every loopback URL
 * as "the sandbox" would send the demo key to whatever else listens on this machine, and tests are
 * clearer when they say which key they use. A stored key the checks refuse is never replaced by the
 * demo key (the store's `keyProblem()` says why it was refused; cells and pane show it).
 *
 * Defaults: with nothing stored the add-in talks to the sandbox on its default address with the
 * sandbox's demo project key, so a fresh install shows real values at once. A production build sets
 * `process.env.CLIMATE_BASE_URL` (webpack DefinePlugin); then the default base URL is that one and
 * there is no default key.
 */
import { t, type MessageKey } from '../i18n/translate';
import { isSendableKey, pastedKey } from '../service/apiKey';
import { normalizeBaseUrl } from '../service/baseUrl';
import { MAX_BATCH_ITEMS, SANDBOX_BASE_URL, SANDBOX_DEMO_KEY } from '../service/contract';
import { checkOrigin, NO_ORIGIN, originOf } from './keyOrigin';

export type ScoreScale = '0-100' | '0-1';

export interface Settings {
  baseUrl: string;
  apiKey: string | null;
  /** The origin the key was entrusted to (keyOrigin.ts); null when no key is, or it is entrusted to none. */
  apiKeyOrigin: string | null;
  project: { id: string | null; name: string } | null;
  privatePerformances: boolean;
  maxBatch: number;
  maxConcurrency: number;
  deadlineMs: number;
  cacheTtlMs: number;
  scoreScale: ScoreScale;
}

export const HOUR_MS = 3_600_000;
export const PROJECT_NAME_MAX = 200; // a project's name is 1 to this many characters
/** Bounds checked by `update` and applied to pre-seeded values. */
export const SETTINGS_LIMITS = {
  maxBatch: { min: 1, max: MAX_BATCH_ITEMS },
  maxConcurrency: { min: 1, max: 256 },
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

/** What a computed default may depend on. */
interface FallbackContext {
  baseUrl: string;
  /** A stored key was refused by its check: no key then, never the demo key. */
  keyRefused: boolean;
  /** The stored base URL was refused at load: a key saved without its origin then belongs to none. */
  baseUrlRefused: boolean;
}

/** What the last load found refused in storage. */
export interface LoadRefusals {
  keyRefused: boolean;
  baseUrlRefused: boolean;
}

export interface FieldSpec<K extends keyof Settings> {
  key: string;
  meaning: string;
  /** How the value is written in storage, for whoever pre-seeds it. */
  format: string;
  /** The value while nothing is stored; a function where it depends on other settings. */
  fallback: Settings[K] | ((context: FallbackContext) => Settings[K]);
  /** The documented words for a computed fallback; a plain value is documented as itself. */
  fallbackText?: string;
  /** Checks a value from `update` or storage; throws an Error a person can act on. */
  check(value: unknown): Settings[K];
  encode(value: Settings[K]): string | null; // null: remove the key (back to the default)
  decode(raw: string): unknown;
}

type FieldSpecs = { [K in keyof Settings]: FieldSpec<K> };

const plain = (raw: string): unknown => raw;
const json = (raw: string): unknown => JSON.parse(raw);

/** How a refused number names its setting, and whether it counts milliseconds. */
const NUMBER_WORDS: Record<NumberSetting, { setting: MessageKey; message: MessageKey }> = {
  maxBatch: { setting: 'settings.name.maxBatch', message: 'settings.refused.number' },
  maxConcurrency: { setting: 'settings.name.maxConcurrency', message: 'settings.refused.number' },
  deadlineMs: { setting: 'settings.name.deadlineMs', message: 'settings.refused.milliseconds' },
  cacheTtlMs: { setting: 'settings.name.cacheTtlMs', message: 'settings.refused.milliseconds' },
};

function wholeNumber(name: NumberSetting): (value: unknown) => number {
  const { min, max } = SETTINGS_LIMITS[name];
  const { setting, message } = NUMBER_WORDS[name];
  return (value) => {
    // Text as the pane's fields and a pre-set file hold it: digits only (`0x10` or `1e3` is no whole number typed).
    const n = typeof value === 'string' ? (/^\s*\d+\s*$/.test(value) ? Number(value) : NaN) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      throw new Error(t(message, { setting: t(setting), min, max }));
    }
    return n;
  };
}

function checkBoolean(refused: MessageKey): (value: unknown) => boolean {
  return (value) => {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    throw new Error(t(refused));
  };
}

function checkBaseUrl(value: unknown): string {
  if (typeof value !== 'string') throw new Error(t('settings.refused.baseUrlText'));
  return normalizeBaseUrl(value);
}

/** The key itself never appears in a message. */
function checkApiKey(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new Error(t('settings.refused.apiKeyText'));
  const key = pastedKey(value);
  if (key === '') return null;
  if (!isSendableKey(key) || key.length < 8 || key.length > 512) {
    throw new Error(t('settings.refused.apiKey'));
  }
  return key;
}

function checkProject(value: unknown): Settings['project'] {
  if (value === null || value === undefined) return null;
  const project = value as { id?: unknown; name?: unknown };
  const name = typeof project.name === 'string' ? project.name.trim() : '';
  const id = project.id === null || project.id === undefined ? null : project.id;
  if (typeof value !== 'object' || name === '' || name.length > PROJECT_NAME_MAX) {
    throw new Error(t('settings.refused.projectName', { max: PROJECT_NAME_MAX }));
  }
  if (id !== null && typeof id !== 'string' && typeof id !== 'number') {
    throw new Error(t('settings.refused.projectId'));
  }
  return { id: id === null ? null : String(id), name };
}

function checkScale(value: unknown): ScoreScale {
  if (value === '0-100' || value === '0-1') return value;
  throw new Error(t('settings.refused.scoreScale'));
}

export const SPECS: FieldSpecs = {
  baseUrl: {
    key: 'climate.baseUrl',
    meaning:
      'Address of the climate profile service. https is required unless it is on this machine. One of its endpoints pasted instead (`…/batch`, `…/organizations/123`) or the deprecated `…/v1.0` is refused, naming the address to give.',
    format: 'URL',
    fallback: defaultBaseUrl,
    fallbackText: `the build's production URL, else the sandbox \`${SANDBOX_BASE_URL}\``,
    check: checkBaseUrl,
    encode: String,
    decode: plain,
  },
  apiKey: {
    key: 'climate.apiKey',
    meaning: 'Project API key, sent only to the base URL as `Authorization: Bearer`.',
    format: 'text',
    fallback: ({ baseUrl, keyRefused }) => (!keyRefused && baseUrl === SANDBOX_BASE_URL ? SANDBOX_DEMO_KEY : null),
    fallbackText: `\`${SANDBOX_DEMO_KEY}\` while the base URL is \`${SANDBOX_BASE_URL}\`, else none`,
    check: checkApiKey,
    encode: (key) => key,
    decode: plain,
  },
  apiKeyOrigin: {
    key: 'climate.apiKeyOrigin',
    meaning:
      'Origin the API key was saved for: the key is sent only to a base URL of that origin. After the ' +
      'address changes, the pane asks before sending it to the new one.',
    format: `origin, e.g. \`https://api.ditchcarbon.com\`; \`${NO_ORIGIN}\`: entrusted to none yet`,
    // A key saved before keys carried their origin belongs to the address stored with it.
    fallback: ({ baseUrl, baseUrlRefused }) => (baseUrlRefused ? null : originOf(baseUrl)),
    fallbackText: "the stored base URL's origin, none if that address was refused",
    check: checkOrigin,
    encode: (origin) => origin,
    decode: plain,
  },
  project: {
    key: 'climate.project',
    meaning: 'The active project, as the task pane chose or created it.',
    format: 'JSON `{"id": "...", "name": "..."}`',
    fallback: null,
    check: checkProject,
    encode: (project) => (project ? JSON.stringify(project) : null),
    decode: json,
  },
  privatePerformances: {
    key: 'climate.privatePerformances',
    meaning: "Read records with the project's private documents (`GET /organizations/{id}/private`).",
    format: '`true` or `false`',
    fallback: false,
    check: checkBoolean('settings.refused.privatePerformances'),
    encode: String,
    decode: plain,
  },
  maxBatch: {
    key: 'climate.maxBatch',
    meaning:
      'Most requests sent in one `POST /batch` (the engine sends up to 50 while batches in flight keep up, ' +
      'fuller batches when requests back up).',
    format: `whole number ${SETTINGS_LIMITS.maxBatch.min}-${SETTINGS_LIMITS.maxBatch.max}`,
    fallback: MAX_BATCH_ITEMS,
    check: wholeNumber('maxBatch'),
    encode: String,
    decode: plain,
  },
  maxConcurrency: {
    key: 'climate.maxConcurrency',
    meaning:
      'Cap on batches in flight at once; below it the engine learns what the connection carries (6 over HTTP/1.1 in a browser) and halves on each 429 storm.',
    format: `whole number ${SETTINGS_LIMITS.maxConcurrency.min}-${SETTINGS_LIMITS.maxConcurrency.max}`,
    fallback: 256,
    check: wholeNumber('maxConcurrency'),
    encode: String,
    decode: plain,
  },
  deadlineMs: {
    key: 'climate.deadlineMs',
    meaning:
      'Time after which a cell still waiting, with no answer from the service meanwhile, shows an error instead.',
    format: 'milliseconds',
    fallback: 2 * 60_000,
    check: wholeNumber('deadlineMs'),
    encode: String,
    decode: plain,
  },
  cacheTtlMs: {
    key: 'climate.cacheTtlMs',
    meaning: 'How long a finished profile is reused without asking the service again (0: not kept).',
    format: 'milliseconds',
    fallback: 24 * HOUR_MS,
    check: wholeNumber('cacheTtlMs'),
    encode: String,
    decode: plain,
  },
  scoreScale: {
    key: 'climate.scoreScale',
    meaning: "How cells show the score: `0-100` (rounded to 0.1) or the service's raw `0-1`.",
    format: '`0-100` or `0-1`',
    fallback: '0-100',
    check: checkScale,
    encode: String,
    decode: plain,
  },
};

export const FIELDS = Object.keys(SPECS) as (keyof Settings)[];

export const SETTINGS_KEYS: Record<keyof Settings, string> = Object.fromEntries(
  FIELDS.map((field) => [field, SPECS[field].key]),
) as Record<keyof Settings, string>;

function defaultBaseUrl(): string {
  const built = buildTimeBaseUrl();
  if (built === '') return SANDBOX_BASE_URL;
  try {
    return normalizeBaseUrl(built);
  } catch {
    return SANDBOX_BASE_URL; // a broken build flag must not leave the add-in without a service
  }
}

const NO_REFUSALS: LoadRefusals = { keyRefused: false, baseUrlRefused: false };

/**
 * The settings in force: each stored value, else its default. A stored key applies only at the origin
 * it was saved for; elsewhere it is held back (not in force: the address's default key applies) and
 * `apiKeyOrigin` still says whose it is.
 */
export function resolveSettings(stored: Partial<Settings>, refusals: LoadRefusals = NO_REFUSALS): Settings {
  const context: FallbackContext = { baseUrl: stored.baseUrl ?? defaultBaseUrl(), ...refusals };
  const fallbackOf = <K extends keyof Settings>(field: K): Settings[K] => {
    const spec = SPECS[field] as FieldSpec<K>;
    return typeof spec.fallback === 'function' ? spec.fallback(context) : spec.fallback;
  };
  const entries = FIELDS.map((field) => [field, stored[field] ?? fallbackOf(field)]);
  const settings = Object.fromEntries(entries) as Settings;
  if (stored.apiKey === undefined) return { ...settings, apiKeyOrigin: null };
  if (settings.apiKeyOrigin !== originOf(settings.baseUrl)) settings.apiKey = fallbackOf('apiKey');
  return settings.apiKeyOrigin === NO_ORIGIN ? { ...settings, apiKeyOrigin: null } : settings;
}

export function defaultSettings(): Settings {
  return resolveSettings({});
}
