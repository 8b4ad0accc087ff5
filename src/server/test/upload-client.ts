import type { FastifyInstance } from 'fastify';
import { storedAddress } from '@shared/uploads.contract';

/** POST /api/objects/upload as the product's client sends it: no body, a JSON content type. */
export async function requestUploadUrl(app: FastifyInstance, cookie: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie, 'content-type': 'application/json' },
  });
  if (res.statusCode !== 200) throw new Error(`upload URL: ${res.statusCode} ${res.body}`);
  return res.json().uploadURL as string;
}

/** PUT raw bytes to an upload URL: the app's own route (relative URL) or the bucket (absolute). */
export async function putToUploadUrl(
  app: FastifyInstance,
  uploadURL: string,
  body: Buffer | string,
  contentType = 'application/octet-stream',
): Promise<{ status: number; body: string }> {
  if (uploadURL.startsWith('/')) {
    const res = await app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': contentType },
      payload: body,
    });
    return { status: res.statusCode, body: res.body };
  }
  const payload = typeof body === 'string' ? body : new Uint8Array(body);
  const res = await fetch(uploadURL, {
    method: 'PUT',
    body: payload,
    headers: { 'content-type': contentType },
  });
  return { status: res.status, body: await res.text() };
}

/** Uploads bytes the product's way and answers the stored address (the URL without its query). */
export async function uploadBytes(
  app: FastifyInstance,
  cookie: string,
  body: Buffer | string,
  contentType?: string,
): Promise<string> {
  const uploadURL = await requestUploadUrl(app, cookie);
  const put = await putToUploadUrl(app, uploadURL, body, contentType);
  if (put.status !== 200) throw new Error(`PUT: ${put.status} ${put.body}`);
  return storedAddress(uploadURL);
}

/** GET a URL the app hands out (relative: through the app; absolute: straight to the store). */
export async function fetchStored(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | number | undefined>;
}> {
  if (url.startsWith('/')) {
    const res = await app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.rawPayload, headers: res.headers };
  }
  const res = await fetch(url, { headers });
  return {
    status: res.status,
    body: Buffer.from(await res.arrayBuffer()),
    headers: Object.fromEntries(res.headers.entries()),
  };
}
