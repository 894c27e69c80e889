/**
 * What the pane should show in a language, read from the add-in's own messages: a message with the
 * values a test knows filled in (numbers the language's way) and the rest (a range, a sheet's name)
 * matching any text. A pane still in English fails against it, since the catalog test keeps every
 * language's text apart from English.
 */
import type { Language } from '../../../src/i18n/languages';
import { CATALOGS, formatMessage, type MessageKey, type MessageValues } from '../../../src/i18n/translate';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The message `key` in `language` as a pattern: `known` filled in, any other placeholder any text.
 * Without a count, a counted message matches any of its plural forms.
 */
export function messagePattern(key: MessageKey, language: Language, known: MessageValues = {}): RegExp {
  const message = CATALOGS[language][key];
  const texts =
    typeof message === 'string' || known.count !== undefined
      ? [formatMessage(language, message, known)]
      : Object.values(message).map((form) => formatMessage(language, form ?? '', known));
  const alternatives = texts.map((text) =>
    text
      .split(/(\{\w+\})/)
      .map((part) => (/^\{\w+\}$/.test(part) ? '.+?' : escape(part)))
      .join(''),
  );
  return new RegExp(`(?:${alternatives.join('|')})`);
}
