/**
 * Where a resumable upload's bytes wait until the last one arrives: a local
 * folder (@tus/file-store) by default, the configured S3 bucket
 * (@tus/s3-store) when the document storage is S3, so every instance sees
 * the same uploads. Once complete, the bytes are copied into the document
 * storage and this copy is dropped.
 */
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/server';
import type { Config } from '../../config';

export type UploadStore = DataStore & { read(id: string): Readable | Promise<Readable> };

/**
 * tus's S3 store with two of its gaps closed, both of which lost or kept an
 * applicant's document (test/uploads-s3.test.ts):
 *
 * - Chunks smaller than S3's 5 MB minimum part wait in the bucket as one
 *   "incomplete part", which S3Store deletes as soon as the next PATCH begins
 *   and writes again only once that PATCH's bytes have all arrived. A
 *   connection cut in between lost every byte confirmed before it: on a
 *   phone sending 256 KB chunks, the whole document so far. Here the
 *   incomplete part stays until the bytes that replace it are safe: it is
 *   overwritten by the longer incomplete part, or deleted just before the
 *   real part that holds its bytes is sent (whose bytes are all on disk by
 *   then: a cut connection can no longer lose them).
 * - S3Store.remove aborts the multipart upload first and gives up when S3 no
 *   longer knows it, which is always the case once the upload completed, and
 *   never deletes the incomplete part: the document's bytes stayed in the
 *   bucket for good. Here every object of the upload goes.
 */
class S3UploadStore extends S3Store {
  /** Uploads being written now, whose incomplete part the write has read and will replace. */
  private readonly writing = new Set<string>();
  private readonly incompletePartToDrop = new Set<string>();

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    this.writing.add(id);
    try {
      return await super.write(src, id, offset);
    } finally {
      this.writing.delete(id);
      // Still set: nothing replaced the incomplete part (the connection was cut), so it stays, and so does its offset.
      this.incompletePartToDrop.delete(id);
    }
  }

  protected override async deleteIncompletePart(id: string): Promise<void> {
    if (this.writing.has(id)) this.incompletePartToDrop.add(id);
    else await super.deleteIncompletePart(id);
  }

  protected override async uploadIncompletePart(id: string, readStream: Readable): Promise<string> {
    // Overwrites the one read at the start of this write.
    this.incompletePartToDrop.delete(id);
    return super.uploadIncompletePart(id, readStream);
  }

  protected override async uploadPart(metadata: Parameters<S3Store['uploadPart']>[0], readStream: Readable | Buffer, partNumber: number): Promise<string> {
    const id = metadata.file.id;
    if (this.incompletePartToDrop.delete(id)) await super.deleteIncompletePart(id);
    return super.uploadPart(metadata, readStream as Parameters<S3Store['uploadPart']>[1], partNumber);
  }

  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if ((error as { status_code?: unknown }).status_code !== 404) throw error;
    }
    await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }], Quiet: true } });
    await this.clearCache(id);
  }
}

const instances = new WeakMap<Config['uploads'], UploadStore>();

/** One store per configuration (the app's context holds one config): tests reach the same one. */
export function uploadStoreFor(config: Pick<Config, 'uploads' | 'storage'>): UploadStore {
  let store = instances.get(config.uploads);
  if (!store) {
    const storage = config.storage;
    store =
      storage.kind === 's3'
        ? (new S3UploadStore({
            // Parts smaller than this wait in the bucket as an "incomplete part" until the next chunk completes them.
            partSize: 8 * 1024 * 1024,
            s3ClientConfig: {
              bucket: storage.bucket,
              endpoint: storage.endpoint,
              region: storage.region,
              forcePathStyle: storage.forcePathStyle,
              requestChecksumCalculation: 'WHEN_REQUIRED',
              responseChecksumValidation: 'WHEN_REQUIRED',
              ...(storage.accessKeyId
                ? { credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey, ...(storage.sessionToken ? { sessionToken: storage.sessionToken } : {}) } }
                : {}),
            },
          }) as unknown as UploadStore)
        : (new FileStore({ directory: config.uploads.resumableDir }) as unknown as UploadStore);
    instances.set(config.uploads, store);
  }
  return store;
}
