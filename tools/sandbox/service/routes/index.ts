/** Every route of the contract's table, in one list: what the HTTP server registers and batches dispatch to. */
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
  ];
  return [...routes, batchRoute(state, new RouteTable(routes))];
}
