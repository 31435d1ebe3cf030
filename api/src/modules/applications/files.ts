/** The documents of an application, listed and opened by whoever may read it. */
import type { Readable } from 'node:stream';
import type { ApplicationFile } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { Caller } from '../../infrastructure/http/access';
import { contentDisposition } from '../../infrastructure/http/uploads';
import { StorageNotFoundError, storageFor } from '../../infrastructure/storage';
import { toApplicationFile } from './mapping';
import { filesFor, findFileWithOwner } from './queries';
import { canRead, readableApplication } from './reach';

export const FILE_NOT_FOUND = 'File not found';

export async function filesOfApplication(ctx: AppContext, caller: Caller, applicationId: number): Promise<ApplicationFile[]> {
  await readableApplication(ctx, caller, applicationId);
  const rows = await filesFor(ctx.db, [applicationId]);
  return rows.map(toApplicationFile);
}

export interface OpenedFile {
  contentType: string;
  size: number;
  disposition: string;
  stream: Readable;
}

/** One stored file, for whoever may read its application; 404 otherwise (or when storage lost it). */
export async function openFile(ctx: AppContext, caller: Caller, fileId: number): Promise<OpenedFile> {
  const found = await findFileWithOwner(ctx.db, fileId);
  if (!found || !canRead(caller, found)) throw notFound(FILE_NOT_FOUND);
  let stream: Readable;
  try {
    stream = await storageFor(ctx.config.storage).get(found.file.storageKey);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFound(FILE_NOT_FOUND);
    throw error;
  }
  return {
    contentType: found.file.contentType,
    size: found.file.size,
    disposition: contentDisposition(found.file.contentType, found.file.fileName),
    stream,
  };
}
