/** The readings memo: each input read once while it is in use; what a sheet stopped using is forgotten. */
import { RecentReadings } from '../../../src/functions/arguments/recentReadings';

test('keeps at least `limit` readings; one still in use survives, one not used for two generations is read again', () => {
  const memo = new RecentReadings<string, { input: string }>(2);
  const reads: string[] = [];
  const get = (input: string) =>
    memo.get(input, () => {
      reads.push(input);
      return { input };
    });
  const a = get('a');
  get('b');
  expect(get('a')).toBe(a);
  expect(get('b').input).toBe('b');
  get('c'); // the generation holding a and b is full: a new one starts
  expect(get('a')).toBe(a); // still in use: moved to the new generation
  get('d'); // the new generation (c, a) is full: b's generation is dropped
  get('b');
  expect(reads).toEqual(['a', 'b', 'c', 'd', 'b']);
  expect(get('a')).toBe(a);
  expect(Object.isFrozen(a)).toBe(true);
});
