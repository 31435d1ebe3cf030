/**
 * The storage chosen by configuration: a local folder by default, an
 * S3-compatible bucket when S3_ENDPOINT and S3_BUCKET are set.
 */
import type { Config } from '../../config';
import { LocalFolderStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './types';

export { LocalFolderStorage } from './local';
export { S3Storage } from './s3';
export { StorageNotFoundError, assertValidKey, type ListedObject, type Storage, type StoredObject } from './types';

const instances = new WeakMap<Config['storage'], Storage>();

/** One storage per configuration object (the app's context holds one config). */
export function storageFor(config: Config['storage']): Storage {
  let storage = instances.get(config);
  if (!storage) {
    storage = config.kind === 's3' ? new S3Storage(config) : new LocalFolderStorage(config.dir);
    instances.set(config, storage);
  }
  return storage;
}
