import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

export const TEST_BUCKET = 'cadence-test';

/** The CORS rules a real bucket needs for browser PUTs and GETs (s3rver applies them too). */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

export interface S3TestServer {
  /** Environment for loadConfig: STORAGE=s3 pointed at this server. */
  env: Record<string, string>;
  endpoint: string;
  directory: string;
  close(): Promise<void>;
}

/**
 * A local S3 (@20minutes/s3rver, which checks signatures) on a free port, with one empty bucket,
 * its files in a fresh temp directory.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'cadence-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [CORS] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
