/**
 * The Connection section: base URL (sandbox by default, production one click away), the API key
 * (masked, show/hide), Save, and "Test connection", which calls the service with what is in the form
 * and shows the service's own message when it refuses the key. The key goes to the settings store
 * only; it is never written into the page's text, a message, or the console. A saved key stays with
 * the origin it was saved for (savedKey.ts).
 */
import { isLoopbackHost } from '../../service/baseUrl';
import { ClimateClient } from '../../service/client';
import { ServiceError } from '../../service/errors';
import { buildTimeBaseUrl, SANDBOX_BASE_URL, SANDBOX_DEMO_KEY, type Settings } from '../../settings/settings';
import type { PaneContext } from '../common/paneContext';
import { PROVIDER } from '../../provider';
import { bindRevealToggle, byId, el, markInvalid, maskField, messageOf, setStatus, withBusy } from '../ui/view';
import { connectionPatch, keyToTest, renderHeldKey, type ConnectionForm } from './savedKey';

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

/**
 * A short line for the header badge: where the pane is connected, and whether a (valid) key is set;
 * `held` when the saved key waits for the person's confirmation at this address.
 */
export function connectionSummary(settings: Settings, keyProblem: string | null = null, held = false): string {
  const where = describeService(settings.baseUrl);
  const project = settings.project ? ` · ${settings.project.name}` : '';
  if (settings.apiKey) return `${where}${project}`;
  if (held) return `${where} · key not confirmed`;
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
  const heldLine = el('p', { id: 'held-key', class: 'hint', hidden: true });
  byId('api-key-hint').after(heldLine);
  /** The key the field shows from the settings: what the person has not typed over. */
  let shownKey: string | null = null;
  let keyEdited = false;
  apiKey.addEventListener('input', () => (keyEdited = true));
  const fields = (): ConnectionForm => ({
    baseUrl: baseUrl.value,
    apiKey: apiKey.value.trim() || null,
    shownKey,
    keyEdited,
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
    if (held !== null && held.savedFor === new URL(productionBaseUrl()).origin && apiKey.value.trim() === shownKey) {
      // The key saved for production comes back with it: the field is empty, not typed over.
      apiKey.value = '';
      shownKey = null;
      setStatus(status, 'info', `Production selected: Save to use the key you saved for ${held.savedFor}.`);
    } else if (apiKey.value.trim() === SANDBOX_DEMO_KEY) {
      // The sandbox's demo key means nothing to the real service: ask for the project's key instead.
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
      const patch = connectionPatch(fields());
      if ('apiKey' in patch) {
        // A key that belongs to a saved project makes that project the active one; any other key has none.
        const key = patch.apiKey;
        const saved = key ? (await context.projects.list()).find((project) => project.apiKey === key) : undefined;
        patch.project = saved ? { id: saved.id, name: saved.name } : null;
      }
      try {
        await context.settings.update(patch);
      } catch (error) {
        markInvalid(baseUrl, /address|URL|https/i.test(messageOf(error)));
        throw error;
      }
      markInvalid(baseUrl, false);
      maskField(apiKey, toggle);
      const settings = context.settings.current();
      const held = context.settings.heldKey();
      setStatus(
        status,
        settings.apiKey || held === null ? 'success' : 'info',
        settings.apiKey
          ? `Saved. Using ${describeService(settings.baseUrl)}.`
          : held !== null
            ? 'Saved. Your key was entered for another address: confirm it below to send it here, or enter this service’s key.'
            : 'Saved without a key: cells will ask for one.',
      );
    });
  });

  test.addEventListener('click', () => {
    void withBusy(test, status, async () => {
      setStatus(status, 'busy', 'Testing the connection…');
      const result = await testConnection(baseUrl.value, keyToTest(fields(), context.settings.current()));
      setStatus(status, result.ok ? 'success' : 'error', result.message);
    });
  });
}
