/**
 * Readings of cell inputs already made, by input. A sheet repeats its inputs: a row's SCORE and FLAGs
 * read the same organization, a FLAG column names the same initiative in every row, and a
 * recalculation reads the whole sheet again. Only successful readings are kept (a refusal is thrown
 * again each time), frozen because they are shared, and the last `limit` to `2 x limit` of them: two
 * generations of up to `limit` each, the older dropped whole when the newer fills (forgetting one
 * entry at a time from the front of a Map walks every hole earlier deletions left, which made large
 * sheets slow). A reading found in the older generation moves to the newer: what a sheet uses is kept.
 */
export class RecentReadings<K, V> {
  private current = new Map<K, Readonly<V>>();
  private previous = new Map<K, Readonly<V>>();

  constructor(private readonly limit: number) {}

  /** The reading of `key`, made by `read` the first time. */
  get(key: K, read: () => V): Readonly<V> {
    const kept = this.current.get(key);
    if (kept !== undefined) return kept; // the usual case on a recalculation: one lookup
    const reading = this.previous.get(key) ?? deepFreeze(read());
    if (this.current.size >= this.limit) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, reading);
    return reading;
  }
}

function deepFreeze<V>(value: V): Readonly<V> {
  if (typeof value !== 'object' || value === null) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
