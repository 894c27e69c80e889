/**
 * What the supplier-sheet test files (Node and Chromium) and the waiting-cells one set up alike: one
 * sandbox for the file, with suppliers that take PROFILING_SECONDS to profile, the session of each test
 * closed after it, and the host profiles to run under.
 */
import { startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import { HOST_PROFILES } from './hostProfiles';

/**
 * Sandbox seconds an unseen supplier takes to be profiled. The tests skip the sandbox clock ahead
 * instead of waiting. A poll that brings a new status recalculates the supplier's cells and the tests
 * check each cell is recalculated once, so each status on the way (400 s here) must outlast the first
 * pass, however loaded the machine.
 */
export const PROFILING_SECONDS = 3600;

/** Each host profile with its index (a seed per profile: each run meets suppliers the sandbox has not seen). */
export const PROFILE_RUNS = HOST_PROFILES.map((profile, i) => [profile.name, profile, i] as const);

/** Registers the file's sandbox and session hooks; `sandbox()` is the running sandbox, `keep` closes a session after the test. */
export function supplierSuite(): {
  sandbox(): RunningSandbox;
  keep<T extends { close(): Promise<void> }>(session: T): T;
} {
  let sandbox: RunningSandbox | null = null;
  let session: { close(): Promise<void> } | null = null;
  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      organizations: 3000,
      profilingSeconds: PROFILING_SECONDS,
      erroredShare: 0,
      quiet: true,
    });
  });
  afterEach(async () => {
    await session?.close();
    session = null;
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return {
    sandbox() {
      if (!sandbox) throw new Error('supplierSuite: the sandbox starts in beforeAll');
      return sandbox;
    },
    keep(opened) {
      session = opened;
      return opened;
    },
  };
}
