/**
 * The KPI's optional target: a share of suppliers with an SBTi commitment or target, by count or by
 * spend, by a year (as SBTi states supplier-engagement targets: "70% of suppliers by spend by 2027").
 * Typed in the pane's Summary section, kept on the summary sheet as values (kpiPlan.ts writes three
 * cells, one row each for a target by count, by spend and the year), so it travels with the workbook
 * and the next build finds it. Both ways in are read here, and neither is trusted.
 */
import { t } from '../../i18n/translate';
import type { CellValue } from '../sheet/grid';

export type TargetBasis = 'count' | 'spend';

export interface KpiTarget {
  /** Between 0 (excluded) and 1. */
  share: number;
  basis: TargetBasis;
  year: number;
}

/** Years a target may name: this one and the next fifty (SBTi's targets run 5 to 10 years, net zero to 2050). */
const YEARS_AHEAD = 50;

/** A target year as typed: from this year to YEARS_AHEAD after it. */
const typedYear = (year: number, thisYear: number): boolean =>
  Number.isInteger(year) && year >= thisYear && year <= thisYear + YEARS_AHEAD;
/** The first year a target read back may name: one set years ago stays, though its year has passed. */
const FIRST_YEAR = 2000;

/**
 * The pane's three fields: `share` in percent as a person types it (`70`, `70%`, `67,5`), the basis
 * and the year. Blank share: no target (null). Anything else that is no target throws, saying why.
 */
export function parseTarget(
  share: string,
  basis: TargetBasis,
  year: string,
  thisYear: number,
  hasSpend: boolean,
): KpiTarget | null {
  const typed = share.trim().replace(/\s*%$/, '');
  if (typed === '') return null;
  const percent = /^\d{1,3}([.,]\d+)?$/.test(typed) ? Number(typed.replace(',', '.')) : NaN;
  if (!(percent > 0 && percent <= 100)) throw new Error(t('summary.target.badShare', { value: share.trim() }));
  if (basis === 'spend' && !hasSpend) throw new Error(t('summary.target.needsSpend'));
  const whole = /^\d{4}$/.test(year.trim()) ? Number(year.trim()) : NaN;
  if (!typedYear(whole, thisYear))
    throw new Error(t('summary.target.badYear', { from: String(thisYear), to: String(thisYear + YEARS_AHEAD) }));
  return { share: percent / 100, basis, year: whole };
}

/**
 * The target as the sheet holds it (the share by count, the share by spend, the year: kpiPlan.ts's
 * TARGET cells), or null when there is none or it is no target: exactly one share, in (0, 1], and a
 * year from FIRST_YEAR to YEARS_AHEAD from now.
 */
export function readTarget([byCount, bySpend, year]: readonly CellValue[], thisYear: number): KpiTarget | null {
  const share = (value: CellValue | undefined): number | null =>
    typeof value === 'number' && value > 0 && value <= 1 ? value : null;
  const [count, spend] = [share(byCount), share(bySpend)];
  if ((count === null) === (spend === null) || typeof year !== 'number') return null;
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > thisYear + YEARS_AHEAD) return null;
  return count !== null ? { share: count, basis: 'count', year } : { share: spend!, basis: 'spend', year };
}
