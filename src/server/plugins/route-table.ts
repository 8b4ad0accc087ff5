import type { FastifyInstance } from 'fastify';
import type { AnyEndpoint } from '@shared/endpoint';

/** One registered route: a method and the URL pattern as written (':id', '*'). */
export interface RouteEntry {
  method: string;
  url: string;
  /** The descriptor it was registered from (none for the web app's files and pages). */
  endpoint?: AnyEndpoint;
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
    const endpoint = (route.config as { endpoint?: AnyEndpoint } | undefined)?.endpoint;
    for (const method of methods)
      entries.push({ method: String(method), url: route.url, endpoint });
  });
}

/** The app's live route table, sorted by URL then method (empty if trackRoutes was not called). */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  return [...(tables.get(app) ?? [])].sort(
    (a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method),
  );
}
