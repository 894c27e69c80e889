/**
 * The language this runtime speaks, from Office's display language (`Office.context.displayLanguage`,
 * available once Office is ready), else the browser's. The pane and the CLIMATE functions share the
 * runtime and its language; either may start first (a workbook with CLIMATE formulas starts the runtime
 * without the pane), so both ask here, and the first answer Office gives is kept: Office's display
 * language does not change while the runtime runs.
 */
import { browserLanguages, chooseLanguage } from '../i18n/languages';
import { setLanguage } from '../i18n/translate';
import { displayLanguage } from './host';

let settled = false;

/**
 * Speaks Office's display language from now on; the browser's (or English) where Office has none. Asked
 * again until Office has answered, then never: every cell asks, and the answer does not change.
 */
export function speakOfficeLanguage(): void {
  if (settled) return;
  const office = displayLanguage();
  setLanguage(chooseLanguage([office, ...browserLanguages()]));
  settled = office !== undefined || (typeof Office !== 'undefined' && Office.context !== undefined);
}
