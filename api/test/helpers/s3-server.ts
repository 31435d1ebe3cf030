/**
 * A real S3-compatible server (s3rver) on loopback for storage tests.
 *
 * s3rver 3.7.1 stores multipart uploads but answers two of their calls 405:
 * ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId). The
 * tus S3 store of resumable uploads (@tus/s3-store) makes both: ListParts on
 * every chunk, to learn the offset from the bucket, and abort when an upload is
 * removed. `multipartGaps` answers them from the parts s3rver keeps on disk,
 * in S3's XML, as S3 does (404 NoSuchUpload for an unknown or finished upload),
 * so the S3 path runs here as against a maintained server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

export interface LocalS3 {
  settings: { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
  /** Where the server keeps the objects (tests read it to prove what is stored). */
  directory: string;
  stop(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
interface S3rverInstance {
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function xml(ctx: KoaContext, status: number, body: string) {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/** ListParts and AbortMultipartUpload (path-style requests), which s3rver 3.7.1 lacks. */
function multipartGaps(server: S3rverInstance) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    const [, bucket, ...keyParts] = ctx.path.split('/');
    if (!uploadId || !bucket || keyParts.length === 0 || (ctx.method !== 'GET' && ctx.method !== 'DELETE') || !/^[A-Za-z0-9_.-]+$/.test(uploadId)) return next();
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadDir = path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const partNames = await readdir(uploadDir).catch(() => null);
    if (!partNames) {
      xml(ctx, 404, `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`);
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const marker = Number(ctx.query['part-number-marker'] ?? 0);
    const maxParts = Number(ctx.query['max-parts'] ?? 1000);
    const numbers = partNames
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((n) => n > marker)
      .sort((a, b) => a - b);
    const page = numbers.slice(0, maxParts);
    const parts = await Promise.all(
      page.map(async (n) => {
        const [info, md5] = await Promise.all([stat(path.join(uploadDir, String(n))), readFile(path.join(uploadDir, `${n}.md5`), 'utf8')]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    const truncated = numbers.length > page.length;
    xml(
      ctx,
      200,
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId>` +
        `<PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${page.at(-1) ?? marker}</NextPartNumberMarker><MaxParts>${maxParts}</MaxParts>` +
        `<IsTruncated>${truncated}</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  };
}

export async function startS3Server(): Promise<LocalS3> {
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  // Before s3rver's own routes, which answer these two 405.
  server.middleware.unshift(multipartGaps(server));
  const address: AddressInfo = await server.run();
  return {
    // s3rver's fixed development credentials.
    settings: { endpoint: `http://127.0.0.1:${address.port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    directory,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
