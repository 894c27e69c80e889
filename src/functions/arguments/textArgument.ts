/**
 * Plain-text arguments (organization, website, country, initiative, field names, search terms): the
 * checks every one of them gets before it is read, so that absurd input ends with a clear #VALUE!
 * instead of a request. The message names the argument (`cells.arg.<argument>`: "The organization
 * ...") and what it expects (`cells.expect.<argument>`), in the runtime's language.
 */
import { t } from '../../i18n/translate';
import { ArgumentError } from './argumentError';
import { describeInput, excerpt, type CellInput } from './cellInput';
import { CONTROL_CHARACTER, DIRECTION_CONTROL } from '../../text/invisibleCharacters';
import { FORMULA_START } from './cellText';

/** Longest text read; organization names in registries stay well under it. */
export const MAX_TEXT_LENGTH = 300;

/** The plain-text arguments, as messages name them. */
export type TextArgument =
  'organization' | 'website' | 'country' | 'initiative' | 'search' | 'company' | 'field' | 'fields';
/** Those read from one cell, which messages say what to give instead of (`fields` is a list). */
export type OneCellArgument = Exclude<TextArgument, 'fields'>;

/** `\u0007` -> `0007`: how a message names a character nobody can see. */
const codePoint = (char: string): string => char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
const MARKUP = /<\s*\/?\s*[a-z!?][^>]*>/i;

/**
 * The text of an argument that must be text, checked and with runs of whitespace collapsed. `notMarkup`
 * is a shape the argument reads that holds angle brackets without being markup (an e-mail contact).
 */
export function plainText(input: CellInput, argument: OneCellArgument, notMarkup?: RegExp): string {
  const what = t(`cells.arg.${argument}`);
  const expected = t(`cells.expect.${argument}`);
  if (input.kind === 'empty') {
    throw new ArgumentError(
      input.placeholder === undefined
        ? t('cells.empty', { what, expected })
        : t('cells.emptySays', { what, placeholder: excerpt(input.placeholder), expected }),
    );
  }
  if (input.kind === 'error') throw new ArgumentError(t('cells.holdsError', { what, code: input.code }));
  if (input.kind === 'range') throw new ArgumentError(t('cells.oneCell', { what, input: describeInput(input) }));
  if (input.kind !== 'text') throw new ArgumentError(t('cells.notExpected', { input: describeInput(input), expected }));
  return checkedText(input.text, argument, notMarkup);
}

export function checkedText(raw: string, argument: TextArgument, notMarkup?: RegExp): string {
  const text = raw.trim();
  const what = (): string => t(`cells.arg.${argument}`);
  if (text.length > MAX_TEXT_LENGTH) {
    throw new ArgumentError(t('cells.tooLong', { what: what(), length: text.length, max: MAX_TEXT_LENGTH }));
  }
  const control = CONTROL_CHARACTER.exec(text);
  if (control) throw new ArgumentError(t('cells.control', { what: what(), code: codePoint(control[0]) }));
  const direction = DIRECTION_CONTROL.exec(text);
  if (direction) throw new ArgumentError(t('cells.direction', { what: what(), code: codePoint(direction[0]) }));
  const markup = MARKUP.exec(text);
  if (markup && !notMarkup?.test(text))
    throw new ArgumentError(t('cells.markup', { what: what(), excerpt: excerpt(markup[0]) }));
  if (FORMULA_START.test(text)) throw new ArgumentError(t('cells.formula', { what: what(), excerpt: excerpt(text) }));
  return text.replace(/\s+/g, ' ');
}
