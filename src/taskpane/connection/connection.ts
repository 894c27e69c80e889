/**
 * The Connection section: base URL (sandbox by default, production one click away), the API key
 * (masked, show/hide), Save, and "Test connection", which calls the service with what is in the form
 * and shows the service's own message when it refuses the key. The key goes to the settings store
 * only; it is never written into the page's text, a message, or the console.
 */
import { isLoopbackHost } from '../../service/baseUrl';
import { ClimateClient } from '../../service/client';
import { ServiceError } from '../../service/errors';
import { buildTimeBaseUrl, SANDBOX_BASE_URL, SANDBOX_DEMO_KEY, type Settings } from '../../settings/settings';
import type { PaneContext } from '../common/paneContext';
import { PROVIDER } from '../../provider';
import { bindRevealToggle, byId, markInvalid, maskField, messageOf, setStatus, withBusy } from '../ui/view';

/** "the sandbox (http://127.0.0.1:4010)" or the host name, for status lines. */
export function describeService(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return isLoopbackHost(url.hostname) ? `the sandbox (${url.origin})` : url.host;
  } catch {
    return baseUrl;
  }
}

/** The production preset: the build's service when one was fixed, else the public service. */
export function productionBaseUrl(): string {
  return buildTimeBaseUrl() || PROVIDER.productionBaseUrl;
}

/** A short line for the header badge: where the pane is connected, and whether a (valid) key is set. */
export function connectionSummary(settings: Settings, keyProblem: string | null = null): string {
  const where = describeService(settings.baseUrl);
  const project = settings.project ? ` · ${settings.project.name}` : '';
  if (settings.apiKey) return `${where}${project}`;
  return keyProblem === null ? `${where} · no API key` : `${where} · API key not valid`;
}

/** The result of a test call, phrased for the status line; the service's own words on refusal. */
export async function testConnection(
  baseUrl: string,
  apiKey: string | null,
): Promise<{ ok: boolean; message: string }> {
  let client: ClimateClient;
  try {
    client = new ClimateClient({ baseUrl, apiKey, timeoutMs: 15_000 });
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
  try {
    await client.listIndustries(1);
    return { ok: true, message: `Connected to ${describeService(client.baseUrl)}: the key works.` };
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'auth') {
      return { ok: false, message: `The service refused the connection: ${error.message}` };
    }
    return { ok: false, message: messageOf(error) };
  }
}

export function mountConnection(context: PaneContext): void {
  const form = byId('connection-form', 'form');
  const baseUrl = byId('base-url', 'fluent-text-input');
  const apiKey = byId('api-key', 'fluent-text-input');
  const toggle = byId('api-key-toggle', 'fluent-button');
  const save = byId('connection-save', 'fluent-button');
  const test = byId('connection-test', 'fluent-button');
  const status = byId('connection-status');
  bindRevealToggle(apiKey, toggle, 'API key');

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
      maskField(apiKey, toggle);
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
