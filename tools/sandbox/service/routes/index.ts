/**
 * Every route of the contract's table, in one list: what the HTTP server registers and batches dispatch
 * to. Each first brings the world up to the clock's day (world.ts), so every answer is of today.
 */
import { RouteTable } from '../routeTable';
import { ServiceRoute } from '../serviceRoute';
import { SandboxState } from '../state';
import { batchRoute } from './batch';
import { industryRoutes } from './industries';
import { organizationRoutes } from './organizations';
import { projectRoutes } from './projects';
import { sbtiRoutes } from './sbti';

export function serviceRoutes(state: SandboxState): ServiceRoute[] {
  const routes = [
    ...organizationRoutes(state),
    ...industryRoutes(state),
    ...sbtiRoutes(state),
    ...projectRoutes(state),
  ].map((route): ServiceRoute => ({
    ...route,
    handle: (request) => {
      state.world.catchUp();
      return route.handle(request);
    },
  }));
  return [...routes, batchRoute(state, new RouteTable(routes))];
}
