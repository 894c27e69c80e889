/**
 * A route of the service, as a plain function from request to response. The same route objects serve
 * direct HTTP requests (registered with fastify) and batch items (matched by the batch dispatcher).
 */
import { KeyScope, Principal } from './keys';
import { ServiceResponse } from './serviceResponse';

export type ServiceMethod = 'GET' | 'POST';

export interface ServiceRequest {
  method: ServiceMethod;
  /** The path without its query, e.g. `/organizations/10001`. */
  path: string;
  /** Path parameters by name, e.g. `{ id: '10001' }` for `/organizations/:id`. */
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  /** The Authorization header as sent; batch items run with their batch's. */
  authorization: string | undefined;
  principal: Principal;
  /** `http://host:port` as the caller reached the sandbox: pagination links are absolute URLs on it. */
  origin: string;
}

export interface ServiceRoute {
  method: ServiceMethod;
  /** A fastify path pattern, e.g. `/organizations/:id/private`. */
  url: string;
  scope: KeyScope;
  handle(request: ServiceRequest): ServiceResponse | Promise<ServiceResponse>;
}

/** How stats name a route: "GET /organizations/:id". */
export function routeKey(route: Pick<ServiceRoute, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}
