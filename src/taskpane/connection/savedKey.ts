/**
 * The saved key in the Connection form. The key field shows the key in force; unless the person
 * types over it, that key stays with the origin it was saved for (src/settings/keyOrigin.ts): saving
 * another address (a preset, or typed) does not carry it there, and "Test connection" sends it only to
 * that origin. A key held back after a change of address (or a project's key used at another address
 * than its own) is offered for the new one with a button: the person's confirmation, and nothing else,
 * sends it there, and the saved projects with that key are entrusted there too.
 */
import type { Settings } from '../../settings/settings';
import { t } from '../../i18n/translate';
import { enteredFor } from '../../settings/keyOrigin';
import type { PaneContext } from '../common/paneContext';
import { el, replaceChildren, setStatus, withBusy } from '../ui/view';

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** The form as the person left it: the fields, the key the form showed them, and whether they typed in it. */
export interface ConnectionForm {
  baseUrl: string;
  apiKey: string | null;
  shownKey: string | null;
  /** The key field had input since the settings filled it (typing the same key again counts). */
  keyEdited: boolean;
  /** A key is saved on this computer: only then is there one to keep with its own address. */
  keyStored: boolean;
}

/** The person typed the key, or there is no saved key the field could carry elsewhere unasked. */
const typed = (form: ConnectionForm): boolean => form.keyEdited || form.apiKey !== form.shownKey || !form.keyStored;

/** What Save writes: the address, and the key only when the person typed one (it then belongs to that address). */
export function connectionPatch(form: ConnectionForm): Partial<Settings> {
  return typed(form) ? { baseUrl: form.baseUrl, apiKey: form.apiKey } : { baseUrl: form.baseUrl };
}

/** The key "Test connection" may send: one typed, or the one in force only to the origin it is in force at. */
export function keyToTest(form: ConnectionForm, settings: Settings): string | null {
  if (typed(form)) return form.apiKey;
  return sameOrigin(form.baseUrl, settings.baseUrl) ? settings.apiKey : null;
}

/** The line under the key field while a saved key is held back, with the button that confirms it. */
export function renderHeldKey(line: HTMLElement, status: HTMLElement, context: PaneContext): void {
  const held = context.settings.heldKey();
  line.hidden = held === null;
  if (held === null) return replaceChildren(line);
  const confirm = el(
    'fluent-button',
    { type: 'button', size: 'small' },
    t('connection.held.send', { service: held.service }),
  );
  confirm.addEventListener(
    'click',
    () =>
      void withBusy(confirm, status, async () => {
        const key = context.settings.chosenKey();
        await context.settings.confirmKeyForService();
        if (key !== null) await context.projects.entrust(key, held.service);
        setStatus(status, 'success', t('connection.held.confirmed', { service: held.service }));
      }),
  );
  const inForce = context.settings.current().apiKey;
  replaceChildren(
    line,
    t(inForce ? 'connection.held.lineDemo' : 'connection.held.line', {
      enteredFor: enteredFor(held.savedFor),
      service: held.service,
    }),
    confirm,
  );
}
