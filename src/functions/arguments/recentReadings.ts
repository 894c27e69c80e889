/**
 * Bounded memories of the functions, kept in two generations of up to `limit` entries each: the older
 * is dropped whole when the newer fills (forgetting one entry at a time from the front of a Map walks
 * every hole earlier deletions left, which made large sheets slow), and an entry found in the older
 * generation moves to the newer: what a sheet uses is kept.
 */
export class RecentMap<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    const kept = this.current.get(key);
    if (kept !== undefined) return kept; // the usual case on a recalculation: one lookup
    const old = this.previous.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V): void {
    if (this.current.size >= this.limit && !this.current.has(key)) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }
}

/**
 * Readings of cell inputs already made, by input. A sheet repeats its inputs: a row's SCORE and FLAGs
 * read the same organization, a FLAG column names the same initiative in every row, and a
 * recalculation reads the whole sheet again. Only successful readings are kept (a refusal is thrown
 * again each time), frozen because they are shared.
 */
export class RecentReadings<K, V> {
  private readonly readings: RecentMap<K, Readonly<V>>;

  constructor(limit: number) {
    this.readings = new RecentMap(limit);
  }

  /** The reading of `key`, made by `read` the first time. */
  get(key: K, read: () => V): Readonly<V> {
    const kept = this.readings.get(key);
    if (kept !== undefined) return kept;
    const reading = deepFreeze(read());
    this.readings.set(key, reading);
    return reading;
  }
}

function deepFreeze<V>(value: V): Readonly<V> {
  if (typeof value !== 'object' || value === null) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
