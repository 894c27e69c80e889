/**
 * Plain-text arguments (organization, website, country, initiative, field names, search terms): the
 * checks every one of them gets before it is read, so that absurd input ends with a clear #VALUE!
 * instead of a request. `what` names the argument in the message ("The organization ...").
 */
import { ArgumentError } from './argumentError';
import { describeInput, excerpt, type CellInput } from './cellInput';
import { CONTROL_CHARACTER, DIRECTION_CONTROL } from '../../text/invisibleCharacters';
import { FORMULA_START } from './cellText';

/** Longest text read; organization names in registries stay well under it. */
export const MAX_TEXT_LENGTH = 300;

/** `\u0007` -> `0007`: how a message names a character nobody can see. */
const codePoint = (char: string): string => char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
const MARKUP = /<\s*\/?\s*[a-z!?][^>]*>/i;

/**
 * The text of an argument that must be text, checked and with runs of whitespace collapsed. `notMarkup`
 * is a shape the argument reads that holds angle brackets without being markup (an e-mail contact).
 */
export function plainText(input: CellInput, what: string, expected: string, notMarkup?: RegExp): string {
  if (input.kind === 'empty') {
    const says = input.placeholder === undefined ? '' : ` (it says "${excerpt(input.placeholder)}")`;
    throw new ArgumentError(`${what} is empty${says}: give ${expected}.`);
  }
  if (input.kind === 'error')
    throw new ArgumentError(`${what} cell holds an error (${input.code}): fix that cell first.`);
  if (input.kind === 'range') throw new ArgumentError(`${what} must be one cell, not ${describeInput(input)}.`);
  if (input.kind !== 'text') throw new ArgumentError(`${describeInput(input)} is not ${expected}.`);
  return checkedText(input.text, what, notMarkup);
}

export function checkedText(raw: string, what: string, notMarkup?: RegExp): string {
  const text = raw.trim();
  if (text.length > MAX_TEXT_LENGTH) {
    throw new ArgumentError(`${what} is too long (${text.length} characters): at most ${MAX_TEXT_LENGTH} are read.`);
  }
  const control = CONTROL_CHARACTER.exec(text);
  if (control) {
    throw new ArgumentError(
      `${what} contains a control character (U+${codePoint(control[0])}): retype it or use CLEAN().`,
    );
  }
  const direction = DIRECTION_CONTROL.exec(text);
  if (direction) {
    throw new ArgumentError(
      `${what} contains an invisible direction control (U+${codePoint(direction[0])}): retype it.`,
    );
  }
  const markup = MARKUP.exec(text);
  if (markup && !notMarkup?.test(text))
    throw new ArgumentError(`${what} looks like markup (${excerpt(markup[0])}): give plain text.`);
  if (FORMULA_START.test(text))
    throw new ArgumentError(`${what} looks like a formula (${excerpt(text)}): give plain text.`);
  return text.replace(/\s+/g, ' ');
}
