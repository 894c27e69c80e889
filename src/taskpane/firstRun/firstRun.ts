/**
 * The first run: a short welcome at the top of the pane while no key is saved on this computer and the
 * person has not dismissed it, with three ways on. "Try it on the sandbox" writes the sample supplier
 * sheet (sampleSheet.ts) and scores it with the Score a column machinery (a hook from app.ts: sections
 * do not import each other); "Enter a key" opens Connection and moves the focus to the key field; "Get a
 * key" opens the provider's site (Office's openBrowserWindow where the host has it, else the link
 * itself). Whether the welcome was seen is kept in the add-in's own storage, never in the workbook.
 *
 * A workbook that has CLIMATE cells while no key is in use (one someone sent to a person without a key:
 * the sandbox's demo key counts as one) opens on the same section in another form, welcome seen or not:
 * how many cells need a key, and the ways out, a key (Enter a key, Get a key) or a copy from the sender
 * (made with Share a copy). It only reads the workbook: nothing is written or recalculated unasked.
 */
import { t } from '../../i18n/translate';
import { isSetSupported } from '../../office/host';
import { findClimateCells } from '../../office/workbookClimateCells';
import { PROVIDER } from '../../provider';
import type { PaneContext } from '../common/paneContext';
import { byId, setStatus, withBusy } from '../ui/view';
import { writeSampleSheet } from './sampleSheet';

/** The add-in storage's key that says the welcome was dismissed or used. */
export const FIRST_RUN_SEEN_KEY = 'climate.firstRunSeen';

export interface FirstRunHooks {
  /** Scores the names selected on the active sheet, as Score selection does. */
  scoreSelection(): Promise<void>;
}

export async function mountFirstRun(context: PaneContext, hooks: FirstRunHooks): Promise<void> {
  const section = byId('section-welcome');
  const status = byId('welcome-status');
  const storage = context.settings.storage;
  const seen = (await storage.getItem(FIRST_RUN_SEEN_KEY)) !== null;
  section.hidden = seen || context.settings.keyStored();
  /** The section says what this workbook's cells need (no key in use): dismissing it is for this session only. */
  let needsKey = false;
  // A key saved meanwhile (Connection's Save) ends the first run.
  context.settings.subscribe(() => {
    if (context.settings.keyStored()) section.hidden = true;
  });
  const dismiss = async (): Promise<void> => {
    section.hidden = true;
    if (!needsKey) await storage.setItem(FIRST_RUN_SEEN_KEY, 'true');
  };
  const showNeedsKey = (cells: number): void => {
    needsKey = true;
    byId('welcome-title').textContent = t('copy.noKey.title');
    const intro = byId('welcome-needs-key');
    intro.textContent = t('copy.noKey.intro', { count: cells, provider: PROVIDER.name });
    for (const id of ['welcome-intro', 'welcome-try', 'welcome-try-hint']) byId(id).hidden = true;
    for (const id of ['welcome-needs-key', 'welcome-ask-copy']) byId(id).hidden = false;
    byId('welcome-dismiss').textContent = t('copy.noKey.dismiss');
    section.hidden = false;
  };
  // Read after the pane is up (every sheet's used range: a large workbook takes a moment), never awaited by it.
  if (!context.settings.current().apiKey) {
    void findClimateCells('all').then(
      (cells) => {
        if (cells.length > 0 && !context.settings.current().apiKey) showNeedsKey(cells.length);
        section.dataset.climateCells = String(cells.length); // read: what a test waits for
      },
      () => undefined, // unreadable now: the welcome, if any, stays as it is
    );
  }

  const tryButton = byId('welcome-try', 'fluent-button');
  tryButton.addEventListener('click', () => {
    void withBusy(tryButton, status, async () => {
      setStatus(status, 'busy', t('firstRun.writing'));
      const sheet = await writeSampleSheet({
        sheet: t('firstRun.sheetName'),
        supplier: t('firstRun.header.supplier'),
        spend: t('firstRun.header.spend'),
      });
      setStatus(status, 'success', t('firstRun.written', { sheet }));
      await hooks.scoreSelection();
      await storage.setItem(FIRST_RUN_SEEN_KEY, 'true');
    });
  });

  byId('welcome-key', 'fluent-button').addEventListener('click', () => {
    byId('section-connection', 'details').open = true;
    byId('api-key', 'fluent-text-input').focus();
  });

  const getKey = byId('welcome-get-key', 'a');
  getKey.setAttribute('href', PROVIDER.site);
  getKey.addEventListener('click', (event) => {
    // OpenBrowserWindowApi 1.1: the host's own browser window; elsewhere the link opens as links do.
    if (!isSetSupported('OpenBrowserWindowApi', '1.1')) return;
    event.preventDefault();
    Office.context.ui.openBrowserWindow(PROVIDER.site);
  });

  byId('welcome-dismiss', 'fluent-button').addEventListener('click', () => {
    void dismiss().then(() => byId('section-connection', 'details').querySelector('summary')?.focus());
  });
  section.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') byId('welcome-dismiss', 'fluent-button').click();
  });
}
