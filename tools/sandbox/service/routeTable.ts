/**
 * Finds the route for a batch item's method and path. The patterns are the same fastify patterns the
 * HTTP server registers (`/organizations/:id`), matched exactly as fastify does by default: whole
 * segments, no trailing-slash tolerance, parameters percent-decoded.
 */
import { ServiceMethod, ServiceRoute } from './serviceRoute';

export interface RouteMatch {
  route: ServiceRoute;
  params: Record<string, string>;
}

interface CompiledRoute {
  route: ServiceRoute;
  pattern: RegExp;
  names: string[];
}

function compile(route: ServiceRoute): CompiledRoute {
  const names: string[] = [];
  const source = route.url
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

export class RouteTable {
  private readonly compiled: CompiledRoute[];

  constructor(routes: readonly ServiceRoute[]) {
    this.compiled = routes.map(compile);
  }

  match(method: string, path: string): RouteMatch | null {
    for (const c of this.compiled) {
      if (c.route.method !== (method as ServiceMethod)) continue;
      const m = c.pattern.exec(path);
      if (!m) continue;
      try {
        const params = Object.fromEntries(c.names.map((name, i) => [name, decodeURIComponent(m[i + 1])]));
        return { route: c.route, params };
      } catch {
        return null; // a malformed percent-escape names no route
      }
    }
    return null;
  }
}
