/**
 * A text inside a data type (an entity's text and properties, the card of an attributed value), as the
 * add-in puts it there: made safe (cellText.ts), since dot notation puts it in a cell that "Save as CSV"
 * reads again, and at most 255 characters, cut with an ellipsis (clip.ts) so that the card shows where.
 * The bound is ours, not Excel's (no Microsoft document states one): it keeps what a service's text can
 * add to every cell's weight (docs/excel.md "What a value weighs") small; the apostrophe counts.
 * A profile link is never cut (a cut link opens another page): profileLink.ts refuses a link longer
 * than its own bound where records are decoded, so cardLink only makes it safe.
 */
import { clip } from '../../text/clip';
import { safeText } from '../arguments/cellText';

export const MAX_CARD_TEXT = 255;

export function cardText(text: string): string {
  return clip(safeText(text), MAX_CARD_TEXT);
}

/** A profile link as a card holds it: whole (already a checked https link of bounded length), made safe all the same. */
export function cardLink(link: string): string {
  return safeText(link);
}
