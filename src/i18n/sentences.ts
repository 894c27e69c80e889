/**
 * Sentences put one after another, as the language writes them: with a space between them, or none
 * in Japanese, whose full stop (。) ends a sentence without one. For messages made of whole
 * sentences only; words inside a sentence belong in one message with placeholders.
 */
import { currentLanguage } from './translate';

export function sentences(...parts: Array<string | false | null | undefined>): string {
  const separator = currentLanguage() === 'ja' ? '' : ' ';
  return parts.filter((part): part is string => Boolean(part)).join(separator);
}
