/**
 * S3-compatible storage (AWS S3, SeaweedFS, Garage, Ceph, s3rver…), for several
 * API instances sharing files, through the AWS SDK: Signature V4, retries with
 * backoff, path-style or virtual-hosted-style addressing (S3_FORCE_PATH_STYLE),
 * and static keys or, when none are configured, the SDK's default chain of
 * temporary credentials (environment, web identity, instance role).
 *
 * An upload is first streamed to a temporary file (hashing on the way), so a
 * broken or oversized upload never reaches the bucket, then sent by the SDK's
 * Upload: one PUT for a small file, a multipart upload in parts of
 * `partSizeBytes` for a large one (aborted on failure). Each part is sent from a
 * buffer, so a retried request sends the same bytes again.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertValidKey, StorageNotFoundError, writeMeasured, type ListedObject, type Storage, type StoredObject } from './types';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  /** Empty: the SDK's default credential chain. */
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** true: http://host/bucket/key; false: http://bucket.host/key. */
  forcePathStyle?: boolean;
}

export interface S3Tuning {
  /** Size of a multipart upload's parts; a file up to this size is one PUT. At least 5 MiB (S3's minimum part). */
  partSizeBytes?: number;
  /** Attempts per request, the first included. */
  maxAttempts?: number;
  /** Tests: the SDK's HTTP handler (for example with an agent of their own). */
  requestHandler?: S3ClientConfig['requestHandler'];
}

const MIB = 1024 * 1024;

/** The HTTP status of an SDK error, when the server answered. */
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error as { name?: string })?.name;
const isNotFound = (error: unknown) => statusOf(error) === 404 || nameOf(error) === 'NoSuchKey' || nameOf(error) === 'NotFound';

/** Uploads are staged on local disk before they go to the bucket; a killed process leaves them there. */
const STAGING_PREFIX = 'portal-upload-';

export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private bucketReady: Promise<void> | undefined;
  private readonly stagingDir: string;

  constructor(settings: S3Settings & { stagingDir?: string }, tuning: S3Tuning = {}) {
    this.stagingDir = settings.stagingDir ?? path.join(tmpdir(), 'portal-upload-staging');
    this.bucket = settings.bucket;
    this.partSize = Math.max(5 * MIB, tuning.partSizeBytes ?? 8 * MIB);
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle ?? true,
      ...(settings.accessKeyId
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, ...(settings.sessionToken ? { sessionToken: settings.sessionToken } : {}) } }
        : {}),
      maxAttempts: tuning.maxAttempts ?? 4,
      // The SDK's default CRC32 checksums in streamed trailers are not
      // understood by every S3-compatible server; send them only where S3 requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(tuning.requestHandler ? { requestHandler: tuning.requestHandler } : {}),
    });
  }

  /**
   * The staged copies only: the bucket never shows a partial object (a multipart
   * upload becomes an object only when completed, and a failed one is aborted;
   * one cut off by a killed process is left to the bucket's
   * AbortIncompleteMultipartUpload lifecycle rule).
   */
  async sweepPartial(before: Date): Promise<number> {
    let deleted = 0;
    const names = await readdir(this.stagingDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const name of names) {
      if (!/^portal-upload-[0-9a-f]{16}\.part$/.test(name)) continue;
      const full = path.join(this.stagingDir, name);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile() || info.mtime.getTime() >= before.getTime()) continue;
      await rm(full, { force: true });
      deleted += 1;
    }
    return deleted;
  }

  /** Creates the bucket on first use when it does not exist (an existing one may be the operator's, with no right to create). */
  prepare(): Promise<void> {
    this.bucketReady ??= (async () => {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
        return;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      try {
        await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
      } catch (error) {
        if (nameOf(error) !== 'BucketAlreadyOwnedByYou' && nameOf(error) !== 'BucketAlreadyExists') throw error;
      }
    })().catch((error: unknown) => {
      this.bucketReady = undefined;
      throw error;
    });
    return this.bucketReady;
  }

  async put(key: string, stream: AsyncIterable<Uint8Array> | Readable): Promise<StoredObject> {
    assertValidKey(key);
    await this.prepare();
    await mkdir(this.stagingDir, { recursive: true, mode: 0o700 });
    const temp = path.join(this.stagingDir, `${STAGING_PREFIX}${randomBytes(8).toString('hex')}.part`);
    try {
      const stored = await writeMeasured(stream, temp);
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: createReadStream(temp), ContentType: 'application/octet-stream' },
        partSize: this.partSize,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
      return stored;
    } finally {
      await rm(temp, { force: true });
    }
  }

  async get(key: string): Promise<Readable> {
    assertValidKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return response.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    await this.prepare();
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
