/**
 * The one settings store that the functions, the engine and the task pane all read. Values live in
 * settings storage (see storage.ts) under stable keys, one string per key, so that an administrator or
 * a test can pre-seed them; what each key means, how it is checked and its default are in
 * definitions.ts.
 */
import { sentences } from '../i18n/sentences';
import { t } from '../i18n/translate';
import {
  FIELDS,
  resolveSettings,
  SPECS,
  defaultSettings,
  type FieldSpec,
  type LoadRefusals,
  type Settings,
} from './definitions';
import { heldKeyMessage, NO_ORIGIN, originOf } from './keyOrigin';
import type { KeyValueStorage } from './storage';

export {
  buildTimeBaseUrl,
  defaultSettings,
  PROJECT_NAME_MAX,
  SETTINGS_KEYS,
  SETTINGS_LIMITS,
  type ScoreScale,
  type Settings,
} from './definitions';
/** The sandbox's address and demo key, which the defaults use, for the settings' callers. */
export { SANDBOX_BASE_URL, SANDBOX_DEMO_KEY } from '../service/contract';
export { SETTINGS_TABLE, settingsTableMarkdown, type SettingDoc } from './settingsTable';

/**
 * What a workbook's session may use without changing this computer's saved choice. Its key is sent only
 * to `apiKeyOrigin`, the origin it was entrusted to (none when not given), like the saved key.
 */
export type SessionChoice = Partial<Pick<Settings, 'apiKey' | 'apiKeyOrigin' | 'project' | 'privatePerformances'>>;

/** A key and its origin come and go together: a key never takes another key's origin. */
const KEY_FIELDS: readonly (keyof SessionChoice)[] = ['apiKey', 'apiKeyOrigin'];

/**
 * The origin a patch's key is entrusted to: the one given with it (null: none yet, NO_ORIGIN), else
 * `otherwise`. Removing the key (null) forgets its origin. A patch without a key is returned as it is.
 */
function withKeyOrigin<T extends SessionChoice>(patch: T, otherwise: () => string): T {
  if (!('apiKey' in patch)) return patch;
  if (patch.apiKey === null) return { ...patch, apiKeyOrigin: null };
  return { ...patch, apiKeyOrigin: 'apiKeyOrigin' in patch ? (patch.apiKeyOrigin ?? NO_ORIGIN) : otherwise() };
}

/**
 * A change refused by the settings' checks: the message says why in the person's language, and
 * `fields` names the settings refused, so a form marks its own field by them and never by the words.
 */
export class SettingsRefusedError extends Error {
  constructor(
    readonly fields: readonly (keyof Settings)[],
    message: string,
  ) {
    super(message);
    this.name = 'SettingsRefusedError';
  }
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
  /** The stored key was refused at load (it has the wrong shape); false once a key is saved or removed. */
  private storedKeyRefused = false;
  /** The stored base URL was refused at load (the default stands in); false once an address is saved. */
  private baseUrlRefused = false;
  /** Choices for this runtime only (one workbook's session), over the stored ones; never written. */
  private session: SessionChoice = {};
  /** The last write queued (see `queued`). */
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
    let keyRefused = false;
    let baseUrlRefused = false;
    await Promise.all(
      FIELDS.map(async (field) => {
        const raw = await this.storage.getItem(SPECS[field].key);
        if (raw === null) return;
        try {
          const value = SPECS[field].check(SPECS[field].decode(raw));
          if (value !== null) (stored as Record<string, unknown>)[field] = value;
        } catch (error) {
          if (field === 'baseUrl') baseUrlRefused = true;
          if (field !== 'apiKey') {
            problems.push(`${SPECS[field].key}: ${(error as Error).message} The default is used.`);
            return;
          }
          keyRefused = true;
          problems.push(`${SPECS[field].key}: ${t('settings.storedKeyInvalid')}`);
        }
      }),
    );
    this.stored = stored;
    this.loadProblems = problems;
    this.storedKeyRefused = keyRefused;
    this.baseUrlRefused = baseUrlRefused;
    this.apply(this.resolved());
    return this.settings;
  }

  /** Messages about pre-seeded values that were ignored at the last load. */
  problems(): readonly string[] {
    return this.loadProblems;
  }

  /**
   * "The API key in the settings is not valid: …" while the stored key is one the checks refused, or
   * "The saved API key was entered for …" while it is held back and no other key is in force (the
   * settings then have no key); null otherwise.
   */
  keyProblem(): string | null {
    // Said when asked, in the language in force then (the runtime may learn Office's after the load).
    if (this.storedKeyRefused) return t('settings.storedKeyInvalid');
    const held = this.heldKey();
    return held !== null && this.settings.apiKey === null ? heldKeyMessage(held.savedFor, held.service) : null;
  }

  /**
   * The chosen key (the session's, else the stored one) while it is held back (entrusted to another
   * origin than the base URL's, to none, or to an address refused at load): whose it is and where the
   * service now is. Null when it applies.
   */
  heldKey(): { savedFor: string | null; service: string } | null {
    const service = originOf(this.settings.baseUrl);
    if (this.chosen() === undefined || this.settings.apiKeyOrigin === service) return null;
    return { savedFor: this.settings.apiKeyOrigin, service };
  }

  /** The key chosen for this runtime, in force or held back; the address's default key when none is. */
  chosenKey(): string | null {
    return this.heldKey() === null ? this.settings.apiKey : (this.chosen() ?? null);
  }

  private chosen(): string | undefined {
    return this.session.apiKey ?? this.stored.apiKey ?? undefined;
  }

  /** Whether a key is saved on this computer (in force or held back); the defaults' keys are not. */
  keyStored(): boolean {
    return this.stored.apiKey !== undefined;
  }

  /**
   * The person confirmed the held key for the base URL's origin: it is entrusted to it and sent from now
   * on; a session's key for the session only, as it was chosen.
   */
  confirmKeyForService(): Promise<Settings> {
    const apiKeyOrigin = originOf(this.settings.baseUrl);
    return this.session.apiKey === undefined ? this.update({ apiKeyOrigin }) : this.useForSession({ apiKeyOrigin });
  }

  current(): Settings {
    return this.settings;
  }

  /**
   * Uses these values for this runtime only (the workbook open in it), over the saved ones, which stay
   * as they are for every other workbook and the next session. Checked like `update`; a later `update`
   * of the same setting ends its session value. Listeners hear of the change.
   */
  async useForSession(choice: SessionChoice): Promise<Settings> {
    const checked = withKeyOrigin(this.checked(choice) as SessionChoice, () => NO_ORIGIN);
    this.session = { ...this.session, ...checked };
    this.apply(this.resolved());
    return this.settings;
  }

  /** The values in use for this session only (empty when it follows the saved settings). */
  sessionChoice(): SessionChoice {
    return { ...this.session };
  }

  /**
   * Checks every value of the patch first; any bad value rejects the whole patch with one message and
   * nothing is saved. `apiKey: null` (or '') removes the stored key, which brings back the default.
   */
  update(patch: Partial<Settings>): Promise<Settings> {
    return this.queued(() => this.write(patch));
  }

  /**
   * A key that must not be sent again (its project was removed from this computer). A session choice
   * of it ends, back to the saved settings; the saved key, in force or held back for another address,
   * is removed with the project and private performances that came with it. Another key, saved or the
   * session's, stays as it is.
   */
  forgetKey(apiKey: string): Promise<Settings> {
    return this.queued(async () => {
      if (this.session.apiKey === apiKey) this.session = {};
      if (this.stored.apiKey !== apiKey) {
        this.apply(this.resolved());
        return this.settings;
      }
      return this.write({ apiKey: null, project: null, privatePerformances: false }, { endsSession: false });
    });
  }

  subscribe(listener: (settings: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs one write after the ones before it, so that two quick saves cannot interleave. */
  private queued(task: () => Promise<Settings>): Promise<Settings> {
    const run = this.writes.then(task);
    this.writes = run.catch(() => undefined);
    return run;
  }

  /** Every value of the patch checked; one SettingsRefusedError naming every bad one, and nothing kept, otherwise. */
  private checked(patch: Partial<Settings>): Partial<Settings> {
    const checked: Partial<Settings> = {};
    const errors: string[] = [];
    const refused: (keyof Settings)[] = [];
    for (const [field, value] of Object.entries(patch)) {
      if (!Object.hasOwn(SPECS, field)) {
        // A bug in the caller (the pane's patches name settings by type): for a developer, in English.
        errors.push(`There is no setting called "${field}".`);
        continue;
      }
      try {
        (checked as Record<string, unknown>)[field] = SPECS[field as keyof Settings].check(value);
      } catch (error) {
        errors.push((error as Error).message);
        refused.push(field as keyof Settings);
      }
    }
    if (errors.length > 0) throw new SettingsRefusedError(refused, sentences(...errors));
    return checked;
  }

  /** `endsSession`: a saved value ends this session's value of the same setting (see useForSession). */
  private async write(patch: Partial<Settings>, { endsSession = true } = {}): Promise<Settings> {
    const valid = this.checked(patch);
    // A key typed in belongs to the address it is saved with.
    const checked = withKeyOrigin(valid, () => originOf(valid.baseUrl ?? this.settings.baseUrl));

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
    if ('apiKey' in checked) this.storedKeyRefused = false;
    if ('baseUrl' in checked || 'apiKeyOrigin' in checked) this.baseUrlRefused = false;
    if (endsSession) {
      const ended = Object.keys(checked).some((field) => KEY_FIELDS.includes(field as keyof SessionChoice));
      for (const field of [...Object.keys(checked), ...(ended ? KEY_FIELDS : [])])
        delete (this.session as Record<string, unknown>)[field];
    }
    this.apply(this.resolved());
    return this.settings;
  }

  /** This session's choices over the stored settings, resolved: the session's key too only at its own origin. */
  private resolved(): Settings {
    const refusals: LoadRefusals = { keyRefused: this.storedKeyRefused, baseUrlRefused: this.baseUrlRefused };
    return resolveSettings({ ...this.stored, ...this.session }, refusals);
  }

  private apply(next: Settings): void {
    if (same(next, this.settings)) return;
    this.settings = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}
