/**
 * Local-folder storage: the default. The folder (config FILES_DIR, else
 * <data>/files) is outside every served path; objects are written to a
 * temporary name and renamed into place, so a failed upload leaves no partial
 * file under its key.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey, StorageNotFoundError, writeMeasured, type ListedObject, type Storage, type StoredObject } from './types';

export class LocalFolderStorage implements Storage {
  constructor(readonly root: string) {}

  async prepare(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Invalid storage key');
    return full;
  }

  async put(key: string, stream: AsyncIterable<Uint8Array> | Readable): Promise<StoredObject> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    let stored: StoredObject;
    try {
      stored = await writeMeasured(stream, temp);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return stored;
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new StorageNotFoundError(key);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw error;
      throw new StorageNotFoundError(key);
    }
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async sweepPartial(before: Date): Promise<number> {
    let deleted = 0;
    const visit = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await visit(full);
        else if (entry.isFile() && entry.name.endsWith('.part') && (await stat(full)).mtime.getTime() < before.getTime()) {
          await rm(full, { force: true });
          deleted += 1;
        }
      }
    };
    await visit(this.root);
    return deleted;
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    yield* this.walk(this.root, '', prefix);
  }

  private async *walk(dir: string, keyPrefix: string, wanted: string): AsyncIterable<ListedObject> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const key = `${keyPrefix}${entry.name}`;
      // Only folders that can hold wanted keys; '.part' files are uploads still being written.
      if (entry.isDirectory()) {
        if (wanted.startsWith(`${key}/`) || `${key}/`.startsWith(wanted)) yield* this.walk(path.join(dir, entry.name), `${key}/`, wanted);
      } else if (entry.isFile() && key.startsWith(wanted) && !entry.name.endsWith('.part')) {
        yield { key, lastModified: (await stat(path.join(dir, entry.name))).mtime };
      }
    }
  }
}
