import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config';
import { byteLimit } from './local-disk';
import {
  assertValidKey,
  withoutTrailingSlashes,
  contentDisposition,
  isValidKey,
  ObjectChangedError,
  ObjectMissingError,
  type ByteRange,
  type ObjectInfo,
  type ObjectStore,
  type PutOptions,
  type SignedGetOptions,
} from './object-store';

type S3Settings = Extract<StorageConfig, { kind: 's3' }>;

/** Files up to this size go up in one PUT; bigger ones in parts of this size. */
const PART_SIZE = 16 * 1024 * 1024;
const PART_CONCURRENCY = 4;

/**
 * Objects in an S3 bucket. Browsers PUT and GET through pre-signed URLs straight to the bucket;
 * the app streams everything else. The bucket needs CORS for the app's origin (PUT, GET, HEAD).
 */
export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  browserOrigins: readonly string[] = [];
  /** The address of the bucket's root, e.g. http://host:port/bucket/ (learned from a signed URL). */
  private base = '';

  constructor(
    settings: S3Settings,
    private readonly tmpDir: string,
    private readonly now: () => number,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Only checksums the caller asks for: pre-signed browser PUTs cannot send SDK checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    if (settings.forcePathStyle) {
      // Bucket-level requests (listing) go to "/bucket", not "/bucket/": both mean the same to S3
      // and MinIO, but some S3-compatible servers (s3rver) sign only the form without the slash.
      const bucketRoot = `/${this.bucket}/`;
      this.client.middlewareStack.add(
        (next) => async (args) => {
          const request = args.request as { path?: string };
          if (request.path === bucketRoot) request.path = bucketRoot.slice(0, -1);
          return next(args);
        },
        { step: 'build', name: 'bucketRootWithoutSlash' },
      );
    }
  }

  async init(): Promise<this> {
    await mkdir(this.tmpDir, { recursive: true });
    // The SDK decides virtual-host or path style: learn the bucket's address from a real signed URL.
    const probe = 'address-probe';
    const signed = await this.presignPut(probe, 60);
    const address = signed.slice(0, signed.indexOf('?'));
    this.base = address.slice(0, address.length - probe.length);
    this.browserOrigins = [new URL(this.base).origin];
    return this;
  }

  addressFor(key: string): string {
    assertValidKey(key);
    return `${this.base}${key}`;
  }

  keyFromAddress(address: string): string | null {
    if (!this.base || !address.startsWith(this.base) || /[?#]/.test(address)) return null;
    const key = address.slice(this.base.length);
    return isValidKey(key) ? key : null;
  }

  presignPut(key: string, expiresInSeconds: number): Promise<string> {
    assertValidKey(key);
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: expiresInSeconds,
      signingDate: new Date(this.now()),
    });
  }

  signedGetUrl(key: string, { expiresInSeconds, downloadName }: SignedGetOptions): Promise<string> {
    assertValidKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      // The plain form only: S3-compatible servers disagree on signing ' ( ) * ! in query values.
      ResponseContentDisposition: downloadName
        ? contentDisposition(downloadName, 'plain')
        : undefined,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: expiresInSeconds,
      signingDate: new Date(this.now()),
    });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: res.ContentLength ?? 0,
        contentType: res.ContentType,
        etag: res.ETag,
        modifiedAt: res.LastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async seal(key: string, checked: ObjectInfo): Promise<string> {
    assertValidKey(key);
    const sealed = `${key}.checked`;
    let etag: string | undefined;
    try {
      const res = await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: sealed,
          CopySource: `${this.bucket}/${key}`,
          CopySourceIfMatch: checked.etag,
        }),
      );
      etag = res.CopyObjectResult?.ETag;
    } catch (error) {
      if (isNotFound(error) || isPreconditionFailed(error)) throw new ObjectChangedError(key);
      throw error;
    }
    // A single PUT's ETag is its MD5, and so is the copy's: a mismatch means the object changed
    // between the check and the copy (for servers that ignore CopySourceIfMatch).
    if (checked.etag && etag !== checked.etag) {
      await this.delete(sealed);
      throw new ObjectChangedError(key);
    }
    return sealed;
  }

  async readRange(key: string, { start, end }: ByteRange): Promise<Buffer> {
    try {
      const stream = await this.get(key, { start, end });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if (isInvalidRange(error)) return Buffer.alloc(0);
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return res.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectMissingError(key);
      throw error;
    }
  }

  /** Spools the body to a temp file (so memory stays flat and the size is known), then uploads it. */
  async put(key: string, body: Readable, options: PutOptions = {}): Promise<ObjectInfo> {
    assertValidKey(key);
    const temp = path.join(this.tmpDir, randomUUID());
    try {
      await pipeline(
        body,
        byteLimit(options.maxBytes ?? Number.MAX_SAFE_INTEGER),
        createWriteStream(temp, { flags: 'wx' }),
      );
      return await this.putFile(key, temp, options);
    } finally {
      await rm(temp, { force: true });
    }
  }

  async putFile(
    key: string,
    filePath: string,
    options: { contentType?: string } = {},
  ): Promise<ObjectInfo> {
    assertValidKey(key);
    const { size } = await stat(filePath);
    if (size <= PART_SIZE) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(filePath),
          ContentLength: size,
          ContentType: options.contentType,
        }),
      );
    } else {
      await this.multipartUpload(key, filePath, size, options.contentType);
    }
    await rm(filePath, { force: true });
    return { size, contentType: options.contentType };
  }

  private async multipartUpload(key: string, filePath: string, size: number, contentType?: string) {
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    const partCount = Math.ceil(size / PART_SIZE);
    const etags: string[] = new Array<string>(partCount);
    let next = 0;
    const worker = async () => {
      while (next < partCount) {
        const index = next++;
        const start = index * PART_SIZE;
        const end = Math.min(size, start + PART_SIZE) - 1;
        const res = await this.client.send(
          new UploadPartCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId,
            PartNumber: index + 1,
            Body: createReadStream(filePath, { start, end }),
            ContentLength: end - start + 1,
          }),
        );
        etags[index] = res.ETag ?? '';
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(PART_CONCURRENCY, partCount) }, worker));
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
        }),
      );
    } catch (error) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidKey(withoutTrailingSlashes(prefix));
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
      // One DELETE per object, a few at a time (DeleteObjects' checksum is not universally supported).
      for (let i = 0; i < keys.length; i += 8) {
        await Promise.all(
          keys
            .slice(i, i + 8)
            .map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))),
        );
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

function isInvalidRange(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'InvalidRange' || e.$metadata?.httpStatusCode === 416;
}

function isPreconditionFailed(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'PreconditionFailed' || e.$metadata?.httpStatusCode === 412;
}
