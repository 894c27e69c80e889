/**
 * How many batches the transport really carries at once, learnt from answers. A browser sends at most
 * 6 requests at a time to one host over HTTP/1.1 and as many as the server allows over HTTP/2; a
 * request beyond that waits in the browser, unseen, and only its round trip shows it. So:
 * - each batch's round trip is compared with the fastest seen for batches of its size (the service
 *   time): more than QUEUED_RATIO times that means it waited for a connection. A size not seen before,
 *   in a round staggered on purpose (batchQueue.ts), is judged by the sizes near it (`near`), a larger
 *   one's fastest trip as it is and a smaller one's scaled up by the ratio of their sizes (a service
 *   takes no less for more items, nor more than in proportion), so a wave of new sizes that waited
 *   behind six connections is seen to; and what it keeps as its size's fastest is that bound, not a
 *   trip that waited. Over a transport known to be wide (AimdLimiter) the bar is WIDE_QUEUED_RATIO:
 *   there a request beyond what the transport carries waits for a whole service time, while a round
 *   trip a little longer than the fastest is a busy service (or answers read late by a busy runtime),
 *   which a narrower window would not speed up;
 * - a batch is served during the fastest trip of its size (of a smaller size near it, for a new size
 *   of a staggered round) before its answer, so the answers that arrive within such a span were served at the
 *   same time: while batches wait, the transport is full, and the most answers within one service
 *   time is what it carries;
 * - readings are gathered over a round (as many answers as the window is wide), since the batches of
 *   one round wait more or less depending on their place in it. A round without waiting shows nothing.
 * No timer: only answers move it.
 */

/** A round trip this many times the fastest for its size waited for a connection. */
export const QUEUED_RATIO = 1.25;
/** The same over a wide transport. */
export const WIDE_QUEUED_RATIO = 2;
/** Batch sizes compared with each other: round(items / SIZE_STEP). */
const SIZE_STEP = 10;
/**
 * Sizes near enough to judge each other by: those of one round, at most 1.5 times apart (SIZE_SPREAD,
 * batchQueue.ts), with room for the size a bucket's fastest trip was made at.
 */
const near = (a: number, b: number): boolean => Math.min(a, b) >= 0.6 * Math.max(a, b);

export interface Reading {
  /** The batch, or another of its round so far, waited for a connection on the way. */
  queued: boolean;
  /** At the end of a round in which batches waited: the concurrency the transport showed. */
  carried: number | null;
}

/** What the gauge keeps per batch size (`fastest`). */
interface SizeSeen {
  items: number;
  ms: number;
  servedMs: number;
}

interface Answer {
  at: number;
  /** The service time of a batch of its size, or less. */
  servedMs: number;
}

export class ConcurrencyGauge {
  /**
   * Per size (round(items / SIZE_STEP)): the items of the first batch of that size; the fastest round
   * trip seen, or for a size first seen waiting, the bound the sizes near it set (`ms`); and the least
   * time a batch of that size may have been served in (`servedMs`).
   */
  private readonly fastest = new Map<number, SizeSeen>();
  /** The last answers, two rounds' worth: a round's cut need not fall between the transport's waves. */
  private answers: Answer[] = [];
  private round = { answers: 0, queued: false };

  /**
   * One batch of `items` answered at `now` after `roundTripMs`; `window`: the round's length, in
   * answers; `wide`: the transport was seen to carry more than a browser's HTTP/1.1; `staggered`: the
   * batch was one of a round of sizes that differ on purpose (batchQueue.ts).
   */
  observe(items: number, roundTripMs: number, now: number, window: number, wide: boolean, staggered = false): Reading {
    const size = Math.round(items / SIZE_STEP);
    const trip = Math.max(1, roundTripMs);
    // A size seen before is judged by its own fastest trip, a new one of a staggered round by the sizes near it.
    const seen = this.fastest.get(size) ?? this.firstOf(items, staggered);
    const fastest = { items: seen.items, ms: Math.min(seen.ms, trip), servedMs: Math.min(seen.servedMs, trip) };
    this.fastest.set(size, fastest);
    const queued = trip > (wide ? WIDE_QUEUED_RATIO : QUEUED_RATIO) * fastest.ms;
    this.answers.push({ at: now, servedMs: fastest.servedMs });
    if (this.answers.length > 2 * window) this.answers.splice(0, this.answers.length - 2 * window);
    const round = { answers: this.round.answers + 1, queued: this.round.queued || queued };
    this.round = round.answers < window ? round : { answers: 0, queued: false };
    return { queued: round.queued, carried: round.answers < window || !round.queued ? null : this.mostServedAtOnce() };
  }

  /**
   * What a size not seen before is judged by. Only a staggered round's sizes go by the sizes near them:
   * its waves bring new sizes on purpose, and behind six connections a later wave's would otherwise
   * hide its wait. Any other new size (a known key's full batches after a partial one, a sheet's tail)
   * defines its own fastest trip, as every size did before rounds were staggered: over a wide
   * transport with a busy runtime, answers read late, one after another, judged by a smaller size's
   * quick trip, looked like waits on a narrow transport (a known key's 50,000 rows over no connection
   * limit: 33 round trips in a bench set where an earlier one had 14, docs/performance-log.md).
   */
  private firstOf(items: number, staggered: boolean): SizeSeen {
    if (!staggered) return { items, ms: Infinity, servedMs: Infinity };
    return { items, ms: this.longestNear(items), servedMs: this.shortestNear(items) };
  }

  /** The least that the fastest trips of sizes near `items` allow it to take; Infinity when none is near. */
  private longestNear(items: number): number {
    let least = Infinity;
    for (const seen of this.fastest.values()) {
      if (near(seen.items, items)) least = Math.min(least, seen.ms * Math.max(1, items / seen.items));
    }
    return least;
  }

  /** The fastest trip of a size near `items` and no larger; Infinity when none. */
  private shortestNear(items: number): number {
    let least = Infinity;
    for (const seen of this.fastest.values())
      if (seen.items <= items && near(seen.items, items)) least = Math.min(least, seen.servedMs);
    return least;
  }

  /** The most answers that arrived within one service time of each other. */
  private mostServedAtOnce(): number {
    let most = 1;
    for (const last of this.answers) {
      const together = this.answers.filter((a) => a.at <= last.at && a.at > last.at - last.servedMs).length;
      most = Math.max(most, together);
    }
    return most;
  }
}
