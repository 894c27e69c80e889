/** Waits real milliseconds (latency knobs are real time, unlike the profiling clock). */

/** The longest one timer holds: past it Node fires the timer after 1 ms, so a longer wait is chained. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function sleep(ms: number): Promise<void> {
  const step = Math.min(ms, MAX_TIMER_MS);
  return new Promise<void>((resolve) => setTimeout(resolve, step)).then(() =>
    ms > step ? sleep(ms - step) : undefined,
  );
}
