/**
 * s3rver 3.7.1 stores multipart uploads but answers two of their calls 405:
 * ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId). The
 * tus S3 store of resumable uploads (@tus/s3-store) makes both: ListParts on
 * every chunk, to learn the offset from the bucket, and abort when an upload
 * is removed. This middleware answers them from the parts s3rver keeps on
 * disk, in S3's XML, as S3 does (404 NoSuchUpload for an unknown or finished
 * upload), so the S3 path runs here as against a maintained server. Used by
 * the API's tests (s3-server.ts) and the topology test; plain JavaScript so
 * both can load it.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const escapeXml = (text) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function xml(ctx, status, body) {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/** Koa middleware for ListParts and AbortMultipartUpload (path-style requests). */
function multipartGaps(server) {
  return async (ctx, next) => {
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

/** Puts the middleware before s3rver's own routes, which answer these two 405. Call before `run()`. */
export function fillMultipartGaps(server) {
  server.middleware.unshift(multipartGaps(server));
  return server;
}
