/**
 * Where a score stands among others: its percentile and the rank word the service uses for it.
 * Scores are 0 (worst) to 1 (best) with 4 decimals.
 */

const RANK_WORDS = ['very_low', 'low', 'medium', 'high', 'very_high'] as const;

export function roundScore(x: number): number {
  return Math.round(Math.min(0.99, Math.max(0.01, x)) * 10000) / 10000;
}

/** A sorted set of scores to place other scores in. */
export class ScoreDistribution {
  private readonly sorted: Float64Array;

  constructor(scores: readonly number[]) {
    this.sorted = Float64Array.from(scores).sort();
  }

  /** Share of the scores strictly below `score`, as an integer 0..100. */
  percentile(score: number): number {
    const n = this.sorted.length;
    if (n === 0) return 50;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid] < score) lo = mid + 1;
      else hi = mid;
    }
    return Math.floor((100 * lo) / n);
  }

  mean(): number {
    let sum = 0;
    for (const s of this.sorted) sum += s;
    return this.sorted.length === 0 ? 0.5 : Math.round((sum / this.sorted.length) * 10000) / 10000;
  }
}

/** Quintiles of a percentile: 80 and above is very_high, below 20 very_low. */
export function rankWord(percentile: number): string {
  return RANK_WORDS[Math.min(4, Math.floor(percentile / 20))];
}

export interface ScoreContext {
  global: ScoreDistribution;
  industry: ScoreDistribution;
  region: ScoreDistribution | null;
}

/** The population's scores overall, by industry and by head-office region. */
export class ScoreLandscape {
  private readonly global: ScoreDistribution;
  private readonly byIndustry = new Map<number, ScoreDistribution>();
  private readonly byRegion = new Map<string, ScoreDistribution>();

  constructor(entries: readonly { score: number; industryId: number; hqRegion: string }[]) {
    this.global = new ScoreDistribution(entries.map((e) => e.score));
    const group = <K>(key: (e: (typeof entries)[number]) => K, into: Map<K, ScoreDistribution>): void => {
      const lists = new Map<K, number[]>();
      for (const e of entries) {
        const list = lists.get(key(e)) ?? [];
        list.push(e.score);
        lists.set(key(e), list);
      }
      for (const [k, list] of lists) into.set(k, new ScoreDistribution(list));
    };
    group((e) => e.industryId, this.byIndustry);
    group((e) => e.hqRegion, this.byRegion);
  }

  context(industryId: number, hqRegion: string | null): ScoreContext {
    return {
      global: this.global,
      industry: this.byIndustry.get(industryId) ?? new ScoreDistribution([]),
      region: hqRegion === null ? null : (this.byRegion.get(hqRegion) ?? null),
    };
  }

  /** The industry mean score; 0.5 for an industry without organizations (tiny populations). */
  industryMean(industryId: number): number {
    return (this.byIndustry.get(industryId) ?? new ScoreDistribution([])).mean();
  }
}
