/**
 * S3-compatible storage, for several API instances sharing files. An upload is
 * first streamed to a temporary file (hashing on the way) so its length is
 * known without holding it in memory, then streamed to the bucket.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { S3Client, S3Error, type S3Settings } from '../../lib/s3-client';
import { assertValidKey, StorageNotFoundError, writeMeasured, type ListedObject, type Storage, type StoredObject } from './types';

export class S3Storage implements Storage {
  private readonly client: S3Client;
  private bucketReady: Promise<void> | undefined;

  constructor(settings: S3Settings) {
    this.client = new S3Client(settings);
  }

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= this.client.createBucket().catch((error: unknown) => {
      this.bucketReady = undefined;
      throw error;
    });
    return this.bucketReady;
  }

  async put(key: string, stream: AsyncIterable<Uint8Array> | Readable): Promise<StoredObject> {
    assertValidKey(key);
    await this.ensureBucket();
    const temp = path.join(tmpdir(), `portal-upload-${randomBytes(8).toString('hex')}`);
    try {
      const stored = await writeMeasured(stream, temp);
      await this.client.putObject(key, createReadStream(temp), stored.size, 'application/octet-stream');
      return stored;
    } finally {
      await rm(temp, { force: true });
    }
  }

  async get(key: string): Promise<Readable> {
    assertValidKey(key);
    try {
      return await this.client.getObject(key);
    } catch (error) {
      if (error instanceof S3Error && (error.code === 'NoSuchKey' || error.statusCode === 404)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.deleteObject(key);
    } catch (error) {
      if (error instanceof S3Error && (error.code === 'NoSuchKey' || error.statusCode === 404)) return;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    await this.ensureBucket();
    yield* this.client.listObjects(prefix);
  }
}
