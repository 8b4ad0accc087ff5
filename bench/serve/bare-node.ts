/**
 * The serve bench's reference for the runtime: a bare `node:http` server in its own process, one
 * thread like the app, sending the files nginx serves (the same paths) from memory, each read
 * once, with nginx's headers (reference-headers.ts). It is not the app: its rate is what Node's
 * own HTTP layer reaches on this machine, so the bench can tell the app's cost from the runtime's.
 * Prints {"port": n}.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { REFERENCE_FILES } from './reference-headers';

const root = path.resolve(process.env.OBJECTS ?? '');

interface File {
  body: Buffer;
  headers: http.OutgoingHttpHeaders;
}
/** Files read so far, by URL path: answered at once, as the app's replay answers. */
const files = new Map<string, File>();

async function load(urlPath: string): Promise<File | null> {
  const file = path.join(root, path.normalize(urlPath));
  if (!file.startsWith(`${root}${path.sep}`)) return null;
  const body = await readFile(file).catch(() => null);
  if (!body) return null;
  const kind = REFERENCE_FILES.find((f) => file.endsWith(`.${f.extension}`));
  if (!kind) return null;
  return {
    body,
    headers: {
      'content-type': kind.type,
      'content-length': body.length,
      'cache-control': kind.cacheControl,
      'last-modified': new Date().toUTCString(),
      'accept-ranges': 'bytes',
    },
  };
}

function send(response: http.ServerResponse, file: File | null) {
  if (!file) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, file.headers);
  response.end(file.body);
}

const server = http.createServer((request, response) => {
  const urlPath = (request.url ?? '/').split('?')[0]!;
  const file = files.get(urlPath);
  if (file) {
    send(response, file);
    return;
  }
  void load(urlPath).then((found) => {
    if (found) files.set(urlPath, found);
    send(response, found);
  });
});
// The app's keep-alive (server timeouts in src/server/app.ts); nginx keeps connections too.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
