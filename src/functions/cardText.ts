/**
 * Excel's bound on a text inside a data type (an entity's text and properties, the card of an
 * attributed value): 255 characters, a longer one cut silently. Ours are cut with an ellipsis
 * (clip.ts), so that the card shows where.
 */
import { clip } from '../service/clip';

export const MAX_CARD_TEXT = 255;

export function cardText(text: string): string {
  return clip(text, MAX_CARD_TEXT);
}
