/**
 * The walk of an unseen organization through the processing statuses, spread evenly over the
 * profiling time. A failing one turns `unresolved` and ends `errored` instead of `synced`.
 */
import { OrganizationStatus } from '../../../src/service/types';

/** Every walk starts the same way; it then resolves and is calculated, or fails to resolve. */
const STARTED: readonly OrganizationStatus[] = ['created', 'locating', 'located', 'enriching', 'enriched', 'resolving'];
const SUCCESS_PATH: readonly OrganizationStatus[] = [...STARTED, 'researching', 'resolved', 'calculating', 'synced'];
const FAILURE_PATH: readonly OrganizationStatus[] = [...STARTED, 'unresolved', 'errored'];

/** The status `elapsedSeconds` after registration; final once `profilingSeconds` have passed. */
export function profilingStatus(elapsedSeconds: number, profilingSeconds: number, fails: boolean): OrganizationStatus {
  const path = fails ? FAILURE_PATH : SUCCESS_PATH;
  if (elapsedSeconds >= profilingSeconds) return path[path.length - 1];
  const step = Math.floor((Math.max(0, elapsedSeconds) / profilingSeconds) * (path.length - 1));
  return path[Math.min(step, path.length - 2)];
}
