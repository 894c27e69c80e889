/**
 * A list a person reads that may run long (failed names, a selection's areas): the first few items,
 * then how many more, joined the language's way ("A, B, C and 2 more"; "A、B、C、ほか 2 件") by
 * Intl.ListFormat, so no message strings words together itself.
 */
import { currentLanguage, t } from './translate';

export function shortList(items: readonly string[], shown: number): string {
  const listed = items.slice(0, shown);
  const more = items.length - listed.length;
  const list = new Intl.ListFormat(currentLanguage(), { type: 'conjunction' });
  return list.format(more > 0 ? [...listed, t('common.more', { count: more })] : listed);
}
