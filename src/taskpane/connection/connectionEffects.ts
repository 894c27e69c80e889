/**
 * When a change of settings must reach the cells. A new key or project makes the cells that failed
 * (no key, a refused key) ask again; a new service address, private performances, or the score scale
 * change what every cell shows. The engine already keys its cache by service and project (and drops
 * its remembered auth failure on a new key); what it cannot do is make Excel call the functions
 * again, so the pane runs a full recalculation: cached records answer at once, without a request.
 */
import type { Settings } from '../../settings/settings';

export function needsRecalculation(before: Settings, after: Settings): boolean {
  return (
    before.apiKey !== after.apiKey ||
    before.baseUrl !== after.baseUrl ||
    before.privatePerformances !== after.privatePerformances ||
    before.project?.id !== after.project?.id ||
    before.project?.name !== after.project?.name ||
    before.scoreScale !== after.scoreScale
  );
}
