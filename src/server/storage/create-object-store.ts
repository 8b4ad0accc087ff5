import path from 'node:path';
import type { Config } from '../config';
import { LocalDiskStore } from './local-disk';
import type { ObjectStore } from './object-store';
import { S3Store } from './s3';
import { resolveSigningSecret, UrlSigner } from './signing';

/** The store STORAGE names: files under DATA_DIR/objects, or the S3 bucket. */
export async function createObjectStore(
  config: Pick<Config, 'storage' | 'dataDir'>,
  options: { signingSecret: string; now: () => number },
): Promise<ObjectStore> {
  if (config.storage.kind === 's3') {
    return new S3Store(config.storage, path.join(config.dataDir, 'tmp'), options.now).init();
  }
  const signer = new UrlSigner(options.signingSecret, options.now);
  return new LocalDiskStore(path.join(config.dataDir, 'objects'), signer).init();
}

/** The store for a running app: the signing secret from SIGNING_SECRET or DATA_DIR, then the adapter. */
export async function openObjectStore(
  config: Pick<Config, 'storage' | 'dataDir' | 'signingSecret'>,
  now: () => number,
): Promise<ObjectStore> {
  const signingSecret = await resolveSigningSecret(config.signingSecret, config.dataDir);
  return createObjectStore(config, { signingSecret, now });
}
