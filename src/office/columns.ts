/** Column letters both ways, as A1 notation writes them: the pane's addresses and the runtime's ranges. */

/** Column index -> letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new Error(`Not a column index: ${index}`);
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** Letters -> column index: A -> 0, AA -> 26. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n - 1;
}
