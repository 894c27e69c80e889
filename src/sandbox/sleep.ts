/** Waits real milliseconds (latency knobs are real time, unlike the profiling clock). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
