/**
 * The routes the built app registered, read from Fastify's own route tree
 * (printRoutes), as (method, url) pairs.
 */
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack.push(url);
    if (!match[3]) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) routes.push({ method, url });
  }
  return routes;
}
