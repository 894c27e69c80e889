/**
 * Cutting a text to a length for showing: one rule for every place that bounds what a cell, a message
 * or the pane shows.
 */

/** `text` in at most `max` characters: when longer, its first `max - 1` and an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
