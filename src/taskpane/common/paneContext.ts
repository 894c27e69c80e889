/**
 * What the pane's sections share: the one settings store and the one engine of the runtime (the
 * functions use the same two), the analyst's saved projects, and a service client made from the
 * current settings for the calls the engine does not make (test, projects, reference browsing).
 */
import type { Engine } from '../../engine';
import { t } from '../../i18n/translate';
import { ClimateClient } from '../../service/client';
import type { SettingsStore } from '../../settings/settings';
import type { ProjectStore } from './projectStore';

export interface PaneContext {
  settings: SettingsStore;
  engine: Engine;
  projects: ProjectStore;
  /** The lines the runtime says of what it did on its own (a reopened workbook's cells), so far and from now on. */
  runtimeNotes?: (listener: (line: string) => void) => void;
}

/**
 * A client for the saved connection (base URL and key). Without a key it refuses, saying where to
 * enter one, instead of sending a request the service can only answer with 401.
 */
export function savedClient(context: PaneContext): ClimateClient {
  const { baseUrl, apiKey } = context.settings.current();
  if (!apiKey) throw new Error(t('common.keyFirst'));
  return new ClimateClient({ baseUrl, apiKey });
}
