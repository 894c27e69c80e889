/**
 * Characters nobody sees where a text is shown: the one definition that service texts (records.ts),
 * request targets (target.ts) and cell arguments (textArgument.ts) are read by.
 */

/** C0 controls, DEL and C1 controls. */
const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f';
/** The line and paragraph separators. */
const LINE_SEPARATORS = '\\u2028\\u2029';
/** Bidirectional embeddings, overrides and isolates: they make a text read as another ("Trojan Source"). */
const DIRECTION_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';

export const CONTROL_CHARACTER = new RegExp(`[${CONTROLS}]`);
export const DIRECTION_CONTROL = new RegExp(`[${DIRECTION_CONTROLS}]`);
/** Any of the three kinds: tested first, so that a common text is taken as it is. */
export const UNSHOWN_CHARACTER = new RegExp(`[${CONTROLS}${LINE_SEPARATORS}${DIRECTION_CONTROLS}]`);
/** For `replace`: every control character and line separator (each shown as a space), every direction control (dropped). */
export const BREAKS_EVERYWHERE = new RegExp(`[${CONTROLS}${LINE_SEPARATORS}]`, 'g');
export const DIRECTION_CONTROLS_EVERYWHERE = new RegExp(`[${DIRECTION_CONTROLS}]`, 'g');
