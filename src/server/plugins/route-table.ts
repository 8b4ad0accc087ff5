import type { FastifyInstance } from 'fastify';

/** One registered route: a method and the URL pattern as written (':id', '*'). */
export interface RouteEntry {
  method: string;
  url: string;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route registered on the app from now on, child scopes included (and the HEAD
 * routes Fastify adds for GET). Call before any route registers.
 */
export function trackRoutes(app: FastifyInstance): void {
  const entries: RouteEntry[] = [];
  tables.set(app, entries);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) entries.push({ method: String(method), url: route.url });
  });
}

/** The app's live route table, sorted by URL then method (empty if trackRoutes was not called). */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  return [...(tables.get(app) ?? [])].sort(
    (a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method),
  );
}
