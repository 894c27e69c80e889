/**
 * The Connection section: base URL (sandbox by default, production one click away), the API key
 * (masked, show/hide), Save, and "Test connection", which calls the service with what is in the form
 * and shows the service's own message when it refuses the key. The key goes to the settings store
 * only; it is never written into the page's text, a message, or the console. What the section says
 * (and the test call) is connectionModel.ts.
 */
import { SANDBOX_BASE_URL, SANDBOX_DEMO_KEY, type Settings } from '../../settings/settings';
import type { PaneContext } from '../common/paneContext';
import { byId, markInvalid, messageOf, secretField, setStatus, withBusy } from '../ui/view';
import { describeService, productionBaseUrl, testConnection } from './connectionModel';

export function mountConnection(context: PaneContext): void {
  const form = byId('connection-form', 'form');
  const baseUrl = byId('base-url', 'fluent-text-input');
  const keyField = secretField('api-key', 'api-key-toggle', 'API key');
  const apiKey = keyField.input;
  const save = byId('connection-save', 'fluent-button');
  const test = byId('connection-test', 'fluent-button');
  const status = byId('connection-status');

  const fill = (settings: Settings): void => {
    baseUrl.value = settings.baseUrl;
    apiKey.value = settings.apiKey ?? '';
    markInvalid(baseUrl, false);
  };
  fill(context.settings.current());
  context.settings.subscribe(fill);

  byId('preset-sandbox', 'fluent-button').addEventListener('click', () => {
    baseUrl.value = SANDBOX_BASE_URL;
    baseUrl.focus();
  });
  byId('preset-production', 'fluent-button').addEventListener('click', () => {
    baseUrl.value = productionBaseUrl();
    // The sandbox's demo key means nothing to the real service: ask for the project's key instead.
    if (apiKey.value.trim() === SANDBOX_DEMO_KEY) {
      apiKey.value = '';
      apiKey.focus();
      setStatus(status, 'info', 'Production selected: paste your project API key, then Save.');
    } else {
      baseUrl.focus();
    }
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void withBusy(save, status, async () => {
      const key = apiKey.value.trim() || null;
      // A key that belongs to a saved project makes that project the active one; any other key has none.
      const saved = key ? (await context.projects.list()).find((project) => project.apiKey === key) : undefined;
      try {
        await context.settings.update({
          baseUrl: baseUrl.value,
          apiKey: key,
          project: saved ? { id: saved.id, name: saved.name } : null,
        });
      } catch (error) {
        markInvalid(baseUrl, /address|URL|https/i.test(messageOf(error)));
        throw error;
      }
      markInvalid(baseUrl, false);
      keyField.mask();
      const settings = context.settings.current();
      setStatus(
        status,
        'success',
        settings.apiKey
          ? `Saved. Using ${describeService(settings.baseUrl)}.`
          : 'Saved without a key: cells will ask for one.',
      );
    });
  });

  test.addEventListener('click', () => {
    void withBusy(test, status, async () => {
      setStatus(status, 'busy', 'Testing the connection…');
      const result = await testConnection(baseUrl.value, apiKey.value.trim() || null);
      setStatus(status, result.ok ? 'success' : 'error', result.message);
    });
  });
}
