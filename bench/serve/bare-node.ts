/**
 * The serve bench's reference for the runtime: a bare `node:http` server in its own process, one
 * thread like the app, sending the files nginx serves (the same paths) from memory, each read
 * once, with nginx's headers. It is not the app: its rate is what Node's own HTTP layer reaches on
 * this machine, so the bench can tell the app's cost from the runtime's. Prints {"port": n}.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const root = path.resolve(process.env.OBJECTS ?? '');
const TYPES: Record<string, string> = {
  '.m4s': 'video/mp4',
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.jpg': 'image/jpeg',
};
/** As the bench's nginx config says. */
const cacheControl = (extension: string) =>
  extension === '.m3u8'
    ? 'public, max-age=60'
    : extension === '.jpg'
      ? 'public, max-age=3600'
      : 'public, max-age=31536000, immutable';

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
  const extension = path.extname(file);
  return {
    body,
    headers: {
      'content-type': TYPES[extension] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': cacheControl(extension),
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
