/**
 * The page's own words in the pane's language. Every text of taskpane.html names its message instead
 * of holding English: `data-i18n` an element's text, `data-i18n-<attribute>` a text a person reads or
 * hears in an attribute (TRANSLATED_ATTRIBUTES), so the page is written once for six languages and a
 * text added in English only fails test/taskpane/language/paneHtml.test.ts. The page is filled in the
 * browser's language as it loads (never empty while Office starts) and again in Office's once it answers.
 */
import { t, type MessageKey } from '../../i18n/translate';
import type { Language } from '../../i18n/languages';
import { PROVIDER } from '../../provider';

/** The attributes whose text a person reads (placeholder, title) or hears (aria-label, alt). */
export const TRANSLATED_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'] as const;

/** Facts the page's messages may name (`{provider}`): not words of a language. */
const PAGE_VALUES = { provider: PROVIDER.name };

/** Fills each element under `root` marked `data-i18n` or `data-i18n-<attribute>` in `language`. */
function translateMarked(root: ParentNode, language: Language): void {
  for (const node of root.querySelectorAll<HTMLElement>('[data-i18n]'))
    node.textContent = t(node.dataset.i18n as MessageKey, PAGE_VALUES, language);
  for (const attribute of TRANSLATED_ATTRIBUTES) {
    const marker = `data-i18n-${attribute}`;
    for (const node of root.querySelectorAll(`[${marker}]`))
      node.setAttribute(attribute, t(node.getAttribute(marker) as MessageKey, PAGE_VALUES, language));
  }
}

/**
 * The page in `language`: the document says so (a screen reader picks its voice by it, WCAG 3.1.1),
 * its static text is in it, and the footer names the provider. The language the runtime speaks is
 * office/language.ts's to set; this only shows the page in one.
 */
export function showPageIn(language: Language): void {
  document.documentElement.lang = language;
  translateMarked(document, language);
  const link = document.getElementById('provider-link');
  if (link) {
    link.textContent = PROVIDER.name;
    link.setAttribute('href', PROVIDER.site);
  }
}
