/**
 * The Connection section's words and its one call, pure of the page: where the pane is connected
 * (the badge and status lines), the production preset, and "Test connection", phrased with the
 * service's own message when it refuses the key.
 */
import { PROVIDER } from '../../provider';
import { isLoopbackHost } from '../../service/baseUrl';
import { ClimateClient } from '../../service/client';
import { ServiceError } from '../../service/errors';
import { buildTimeBaseUrl, type Settings } from '../../settings/settings';
import { t } from '../../i18n/translate';
import { messageOf } from '../ui/view';

/** The sandbox's origin when `baseUrl` is the sandbox on this computer, else null. */
function sandboxOrigin(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl);
    return isLoopbackHost(url.hostname) ? url.origin : null;
  } catch {
    return null;
  }
}

/** "the sandbox (http://127.0.0.1:4010)" or the host name, standing alone (the badge). */
export function describeService(baseUrl: string): string {
  const sandbox = sandboxOrigin(baseUrl);
  if (sandbox !== null) return t('connection.service.sandbox', { origin: sandbox });
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/**
 * A sentence naming the service: the sandbox's own (its article and case differ by language: "mit der
 * Sandbox", "au bac à sable") or the host's. Each key has a sibling `<key>.sandbox` with `{origin}`.
 */
export function sayService(key: 'connection.saved' | 'connection.test.ok', baseUrl: string): string {
  const sandbox = sandboxOrigin(baseUrl);
  return sandbox !== null ? t(`${key}.sandbox`, { origin: sandbox }) : t(key, { service: describeService(baseUrl) });
}

/** The production preset: the build's service when one was fixed, else the public service. */
export function productionBaseUrl(): string {
  return buildTimeBaseUrl() || PROVIDER.productionBaseUrl;
}

/** What the badge knows of the key beyond the settings. */
export interface KeyStanding {
  /** Why the stored key is not valid (settings.ts), if it is not. */
  keyProblem?: string | null;
  /** The saved key waits for the person's confirmation at this address. */
  held?: boolean;
  /** The service refused the key in use. */
  refused?: boolean;
}

/** A short line for the header badge: where the pane is connected, and whether a key that works is set. */
export function connectionSummary(
  settings: Settings,
  { keyProblem = null, held = false, refused = false }: KeyStanding = {},
): string {
  const service = describeService(settings.baseUrl);
  if (settings.apiKey) {
    if (refused) return t('connection.badge.refused', { service });
    return settings.project ? t('connection.badge.project', { service, project: settings.project.name }) : service;
  }
  if (held) return t('connection.badge.held', { service });
  return t(keyProblem === null ? 'connection.badge.noKey' : 'connection.badge.invalid', { service });
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
    return { ok: true, message: sayService('connection.test.ok', client.baseUrl) };
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'auth') {
      return { ok: false, message: t('connection.test.refused', { message: error.message }) };
    }
    return { ok: false, message: messageOf(error) };
  }
}
