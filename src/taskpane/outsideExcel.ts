/**
 * The page opened outside Excel: in a browser, as `npm start` asks to accept the certificate, or a
 * link followed by mistake. The pane cannot do anything there, so instead of a form that waits for
 * good it says, in the browser's language, that the add-in runs inside Excel and how to load it. While
 * Office has not answered yet, a note says the page is waiting for Excel (Excel may take a moment
 * to start the runtime); once Office answers with Excel, the note goes.
 */
import { browserLanguages, chooseLanguage, type Language } from '../i18n/languages';
import { t, type MessageKey } from '../i18n/translate';

/** How long Office may take to answer before the page says what it is waiting for. */
export const OUTSIDE_EXCEL_NOTICE_MS = 1000;

export type OutsideExcel = 'waiting' | 'opened';

function paragraph(key: MessageKey, language: Language): HTMLParagraphElement {
  const element = document.createElement('p');
  element.textContent = t(key, undefined, language);
  return element;
}

/** Shows the notice for `state`, in the first language of the browser's the add-in speaks. */
export function showOutsideExcel(state: OutsideExcel): void {
  const notice = document.getElementById('outside-excel');
  if (!notice) return;
  const language = chooseLanguage(browserLanguages());
  const title = document.createElement('h2');
  title.textContent = t('outsideExcel.title', undefined, language);
  const steps = document.createElement('ul');
  for (const key of ['outsideExcel.web', 'outsideExcel.desktop', 'outsideExcel.certificate'] as const) {
    const item = document.createElement('li');
    item.textContent = t(key, undefined, language);
    steps.append(item);
  }
  notice.replaceChildren(
    title,
    paragraph(state === 'opened' ? 'outsideExcel.opened' : 'outsideExcel.waiting', language),
    steps,
  );
  notice.lang = language;
  notice.dataset.state = state;
  notice.hidden = false;
  // Opened outside Excel for good: the form would only wait. While waiting, Excel may still answer.
  const app = document.getElementById('app');
  if (app && state === 'opened') app.hidden = true;
}

export function hideOutsideExcel(): void {
  const notice = document.getElementById('outside-excel');
  if (notice) notice.hidden = true;
}
