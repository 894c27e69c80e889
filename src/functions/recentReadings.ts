/**
 * Readings of cell inputs already made, by input. A sheet repeats its inputs: a row's SCORE and FLAGs
 * read the same organization, a FLAG column names the same initiative in every row, and a
 * recalculation reads the whole sheet again. Only successful readings are kept (a refusal is thrown
 * again each time), frozen because they are shared, and at most `limit` of them, the oldest forgotten.
 */
export class RecentReadings<K, V> {
  private readonly readings = new Map<K, Readonly<V>>();

  constructor(private readonly limit: number) {}

  /** The reading of `key`, made by `read` the first time. */
  get(key: K, read: () => V): Readonly<V> {
    let reading = this.readings.get(key);
    if (reading === undefined) {
      reading = deepFreeze(read());
      if (this.readings.size >= this.limit) this.readings.delete(this.readings.keys().next().value as K);
      this.readings.set(key, reading);
    }
    return reading;
  }
}

function deepFreeze<V>(value: V): Readonly<V> {
  if (typeof value !== 'object' || value === null) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
