/**
 * The service sends scores from 0 to 1; cells show 0-100 by default, exactly Excel's
 * ROUND(score * 100, 1), or the raw 0-1 value when the score-scale setting says so.
 */
import type { ScoreScale } from '../../settings/settings';

/** A score (or an industry mean score) on the chosen scale; null stays null, never 0. */
export function scaleScore(score: number | null, scale: ScoreScale): number | null {
  if (score === null) return null;
  return scale === '0-1' ? score : roundLikeExcel(score * 100, 1);
}

/**
 * Excel's ROUND: half away from zero on the decimal value a person sees. Binary noise is removed
 * first by reading the shifted number at 15 significant digits, as Excel does (1.005 * 100 is
 * 100.49999999999999 in binary but 100.5 to Excel, so ROUND(1.005, 2) is 1.01).
 */
export function roundLikeExcel(value: number, digits: number): number {
  const factor = 10 ** digits;
  const shifted = Number((Math.abs(value) * factor).toPrecision(15));
  return (Math.sign(value) * Math.round(shifted)) / factor;
}
