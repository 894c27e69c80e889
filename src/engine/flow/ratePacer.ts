/**
 * The service's rate limit, learnt from its 429s, so that a long sheet leaves at the rate the service
 * takes instead of meeting a 429 (and a pause of at least a second) every second. A 429 to a request
 * says the requests accepted in the RATE_SPAN_MS before it (if any) are as many as the service takes in a span:
 * from then on at most that many leave in any span (a limit per any span is never more than one per
 * fixed window, however the service's windows fall). Each PROBE_AFTER_MS without a 429 it tries one
 * more, so a limit that was raised, or read too low, is found again. Inactive until the first 429.
 */

/** The span a limit is counted over: a second, and a margin for the trip to the service. */
export const RATE_SPAN_MS = 1_050;
/** Without a 429 for this long, one more request per span is tried. */
export const PROBE_AFTER_MS = 10_000;

/** One request as the pacer counts it. */
export interface PacedSend {
  readonly at: number;
  refused: boolean;
}

export class RatePacer {
  /** Sends of the last two spans (the span before a refused one is what counts), oldest first. */
  private sends: PacedSend[] = [];
  private perSpan: number | null = null;
  private changedAt = 0;

  constructor(private readonly now: () => number) {}

  /** Requests per span now allowed; null: no limit seen. */
  get limit(): number | null {
    return this.perSpan;
  }

  /** Milliseconds until another request may leave (0: now). */
  waitMs(): number {
    if (this.perSpan === null) return 0;
    // Another may leave once the perSpan-th latest send is a span old (sends are in time order).
    const nth = this.sends[this.sends.length - this.perSpan];
    return nth === undefined ? 0 : Math.max(0, nth.at + RATE_SPAN_MS - this.now());
  }

  /** A request left now; hand the result back to `refused` or `accepted`. */
  sent(): PacedSend {
    const now = this.now();
    this.sends = this.sends.filter((send) => send.at > now - 2 * RATE_SPAN_MS);
    const send = { at: now, refused: false };
    this.sends.push(send);
    return send;
  }

  /** The service refused `send` for its rate: what it accepted in the span before is its limit. */
  refused(send: PacedSend): void {
    send.refused = true;
    const before = this.sends.indexOf(send);
    if (before < 0) return; // answered long after it left: its span is no longer known
    const accepted = this.sends
      .slice(0, before)
      .filter((earlier) => !earlier.refused && earlier.at > send.at - RATE_SPAN_MS).length;
    if (accepted === 0) return; // the span was spent before we sent anything: no reading of the rate
    this.perSpan = Math.min(this.perSpan ?? Infinity, accepted);
    this.changedAt = this.now();
  }

  /** The service accepted a request: after PROBE_AFTER_MS without a 429, one more per span. */
  accepted(): void {
    if (this.perSpan === null || this.now() - this.changedAt < PROBE_AFTER_MS) return;
    this.perSpan += 1;
    this.changedAt = this.now();
  }

  /** Another key or service: its limit is its own. */
  reset(): void {
    this.sends = [];
    this.perSpan = null;
  }
}
