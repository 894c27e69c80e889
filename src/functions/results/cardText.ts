/**
 * A text inside a data type (an entity's text and properties, the card of an attributed value), as
 * Excel may hold it: made safe (cellText.ts), since dot notation puts it in a cell that "Save as CSV"
 * reads again, and at most 255 characters, Excel's bound, which cuts a longer one silently. Ours are
 * cut with an ellipsis (clip.ts), so that the card shows where; the apostrophe counts.
 */
import { clip } from '../../text/clip';
import { safeText } from '../arguments/cellText';

export const MAX_CARD_TEXT = 255;

export function cardText(text: string): string {
  return clip(safeText(text), MAX_CARD_TEXT);
}
