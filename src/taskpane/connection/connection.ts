/**
 * The Connection section: base URL (sandbox by default, production one click away), the API key
 * (masked, show/hide), Save, and "Test connection", which calls the service with what is in the form
 * and shows the service's own message when it refuses the key. The key goes to the settings store
 * only; it is never written into the page's text, a message, or the console. What the section says
 * (and the test call) is connectionModel.ts; a saved key stays with the origin it was saved for
 * (savedKey.ts).
 */
import { SANDBOX_BASE_URL, SANDBOX_DEMO_KEY } from '../../service/contract';
import { SettingsRefusedError, type Settings } from '../../settings/settings';
import { t } from '../../i18n/translate';
import type { PaneContext } from '../common/paneContext';
import { byId, el, fieldText, keyFieldText, markInvalid, secretField, setStatus, withBusy } from '../ui/view';
import { productionBaseUrl, sayService, testConnection } from './connectionModel';
import { connectionPatch, keyToTest, renderHeldKey, type ConnectionForm } from './savedKey';

export function mountConnection(context: PaneContext): void {
  const form = byId('connection-form', 'form');
  const baseUrl = byId('base-url', 'fluent-text-input');
  const keyField = secretField('api-key', 'api-key-toggle', { show: 'connection.showKey', hide: 'connection.hideKey' });
  const apiKey = keyField.input;
  const save = byId('connection-save', 'fluent-button');
  const test = byId('connection-test', 'fluent-button');
  const status = byId('connection-status');
  const heldLine = el('p', { id: 'held-key', class: 'hint', hidden: true });
  byId('api-key-hint').after(heldLine);
  /** The key the field shows from the settings, and whether the person has typed in the field since. */
  let shownKey: string | null = null;
  let keyEdited = false;
  apiKey.addEventListener('input', () => (keyEdited = true));
  const fields = (): ConnectionForm => ({
    baseUrl: fieldText(baseUrl),
    apiKey: keyFieldText(apiKey) || null,
    shownKey,
    keyEdited,
    keyStored: context.settings.keyStored(),
  });

  const fill = (settings: Settings): void => {
    baseUrl.value = settings.baseUrl;
    apiKey.value = settings.apiKey ?? '';
    shownKey = settings.apiKey;
    keyEdited = false;
    markInvalid(baseUrl, false);
    renderHeldKey(heldLine, status, context);
  };
  fill(context.settings.current());
  context.settings.subscribe(fill);

  byId('preset-sandbox', 'fluent-button').addEventListener('click', () => {
    baseUrl.value = SANDBOX_BASE_URL;
    baseUrl.focus();
  });
  byId('preset-production', 'fluent-button').addEventListener('click', () => {
    baseUrl.value = productionBaseUrl();
    const held = context.settings.heldKey();
    if (held !== null && held.savedFor === new URL(productionBaseUrl()).origin && !fields().keyEdited) {
      // The key saved for production comes back with it: the field is empty, not typed over.
      apiKey.value = '';
      shownKey = null;
      setStatus(status, 'info', t('connection.production.savedKey', { origin: held.savedFor }));
    } else if (keyFieldText(apiKey) === SANDBOX_DEMO_KEY) {
      // The sandbox's demo key means nothing to the real service: ask for the project's key instead.
      apiKey.value = '';
      apiKey.focus();
      setStatus(status, 'info', t('connection.production.pasteKey'));
    } else {
      baseUrl.focus();
    }
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void withBusy(save, status, async () => {
      const patch = connectionPatch(fields());
      if ('apiKey' in patch) {
        // A key that belongs to a saved project makes that project the active one, with its own choice of
        // private performances; any other key has no project, and so no private performances.
        const key = patch.apiKey;
        const saved = key ? (await context.projects.list()).find((project) => project.apiKey === key) : undefined;
        patch.project = saved ? { id: saved.id, name: saved.name } : null;
        patch.privatePerformances = saved?.privatePerformances ?? false;
      }
      try {
        await context.settings.update(patch);
      } catch (error) {
        // Which setting was refused comes with the refusal: its words are in the person's language.
        markInvalid(baseUrl, error instanceof SettingsRefusedError && error.fields.includes('baseUrl'));
        throw error;
      }
      markInvalid(baseUrl, false);
      keyField.mask();
      const settings = context.settings.current();
      const held = context.settings.heldKey();
      setStatus(
        status,
        settings.apiKey || held === null ? 'success' : 'info',
        settings.apiKey
          ? sayService('connection.saved', settings.baseUrl)
          : t(held !== null ? 'connection.savedHeld' : 'connection.savedNoKey'),
      );
    });
  });

  // Sign out: the saved key (and the project and private reads that came with it) leave this computer.
  const signOut = byId('connection-sign-out', 'fluent-button');
  signOut.addEventListener('click', () => {
    void withBusy(signOut, status, async () => {
      await context.settings.update({ apiKey: null, project: null, privatePerformances: false });
      setStatus(status, 'info', t('signOut.done'));
    });
  });

  test.addEventListener('click', () => {
    void withBusy(test, status, async () => {
      setStatus(status, 'busy', t('connection.testing'));
      const result = await testConnection(fieldText(baseUrl), keyToTest(fields(), context.settings.current()));
      setStatus(status, result.ok ? 'success' : 'error', result.message);
    });
  });
}
