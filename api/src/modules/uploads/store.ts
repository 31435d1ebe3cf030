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

const instances = new WeakMap<Config['uploads'], UploadStore>();

/** One store per configuration (the app's context holds one config): tests reach the same one. */
export function uploadStoreFor(config: Pick<Config, 'uploads' | 'storage'>): UploadStore {
  let store = instances.get(config.uploads);
  if (!store) {
    const storage = config.storage;
    store =
      storage.kind === 's3'
        ? (new S3Store({
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
