import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { API_DOCS_PATH, API_V1_OPENAPI_PATH, apiDocsEndpoints } from '@shared/api-v1.contract';
import { NotFoundError } from '../../lib/errors';
import type { RouteCollector } from '../../plugins/routes';

/** The pinned swagger-ui-dist package's folder (its files are served from node_modules). */
const SWAGGER_UI = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

/** Starts Swagger UI on the API's document, dark when the system is (the app's CSP runs no inline script). */
const START_SCRIPT = `(function () {
  var dark = window.matchMedia('(prefers-color-scheme: dark)');
  var apply = function () { document.documentElement.classList.toggle('dark-mode', dark.matches); };
  apply();
  dark.addEventListener('change', apply);
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(API_V1_OPENAPI_PATH)},
    dom_id: '#reference',
    deepLinking: true,
    queryConfigEnabled: false,
    validatorUrl: null,
    docExpansion: 'list',
    defaultModelsExpandDepth: -1,
    tryItOutEnabled: false,
  });
})();
`;

const STYLES = `body { margin: 0; }
html.dark-mode body { background: #1b1b1b; }
/* Swagger UI's dark mode leaves a response's header names and types dark on dark. */
html.dark-mode .swagger-ui table.headers td { color: #e4e4e4; }
.swagger-ui .information-container { padding: 0 1rem; }
`;

type Asset = { type: string } & ({ file: string } | { text: string });
const ASSETS: Record<string, Asset> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'reference.css': { type: 'text/css; charset=utf-8', text: STYLES },
  'reference.js': { type: 'text/javascript; charset=utf-8', text: START_SCRIPT },
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <title>Cadence API reference</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css" />
    <link rel="stylesheet" href="${API_DOCS_PATH}/reference.css" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/reference.js"></script>
  </body>
</html>
`;

interface Loaded {
  type: string;
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

/** An asset read and compressed once, at its first request (the bundle is 1.7 MB, 0.45 MB gzipped). */
function loader() {
  const loaded = new Map<string, Loaded>();
  return (name: string): Loaded | undefined => {
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) return undefined;
    let entry = loaded.get(name);
    if (!entry) {
      const body =
        'file' in asset ? readFileSync(path.join(SWAGGER_UI, asset.file)) : Buffer.from(asset.text);
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
      entry = { type: asset.type, body, gzipped: gzipSync(body), etag: `"${hash}"` };
      loaded.set(name, entry);
    }
    return entry;
  };
}

/**
 * GET /api/docs: the API's interactive reference (Swagger UI from the pinned swagger-ui-dist, never
 * a CDN), reading GET /api/v1/openapi.json. Its scripts are files, so the app's CSP holds as it is.
 */
export function apiDocsRoutes(routes: RouteCollector): void {
  routes.route(apiDocsEndpoints.page, async ({ reply }) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );

  const load = loader();
  routes.route(apiDocsEndpoints.asset, async ({ params, request, reply }) => {
    const asset = load(params.file);
    if (!asset) throw new NotFoundError('File not found');
    reply
      .header('cache-control', 'no-cache')
      .header('etag', asset.etag)
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.type(asset.type).send(gzip ? asset.gzipped : asset.body);
  });
}
