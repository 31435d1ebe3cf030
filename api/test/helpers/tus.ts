/** tus 1.0 requests for the resumable-upload tests (uploads.test.ts, uploads-s3.test.ts). */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import type { PortalApp } from '../../src/app';
import { documentUploads } from '../../src/infrastructure/database/schema';

export const TUS = { 'tus-resumable': '1.0.0' } as const;

/** Upload-Metadata: each value in base64. */
export function uploadMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/**
 * A PATCH that announces `announced` bytes from `offset`, sends `sent` of them
 * and then loses its connection, as a phone's does: resolves once the socket
 * is gone. Needs the app listening on `port`.
 */
export function patchCutMidChunk(options: { port: number; location: string; token: string; offset: number; announced: number; sent: Buffer }): Promise<void> {
  return new Promise<void>((resolve) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port: options.port,
      path: options.location,
      method: 'PATCH',
      headers: {
        ...TUS,
        authorization: `Bearer ${options.token}`,
        'upload-offset': String(options.offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(options.announced),
      },
    });
    req.on('error', () => resolve());
    req.write(options.sent, () => setTimeout(() => req.destroy(), 200));
    req.on('close', () => resolve());
  });
}

type Caller = { token: string } | undefined;
const bearer = (user: Caller) => (user ? { authorization: `Bearer ${user.token}` } : {});

export const uploadIdOf = (location: string) => location.split('/').pop()!;

/**
 * The tus calls of one test file, made through `app()`: the app answering
 * now, which a test may replace to restart the server mid-upload.
 */
export function tusCalls(app: () => PortalApp) {
  const create = (user: Caller, length: number, metadata: Record<string, string> = { documentType: 'NRC_FRONT', filename: 'front.pdf' }) =>
    app().app.inject({ method: 'POST', url: '/api/uploads', headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': uploadMetadata(metadata), ...bearer(user) } });
  return {
    create,
    /** Creates the upload (201) and answers its address. */
    async start(user: Caller, length: number, metadata?: Record<string, string>): Promise<string> {
      const res = await create(user, length, metadata);
      assert.equal(res.statusCode, 201, res.body);
      const location = String(res.headers.location);
      assert.match(location, /^\/api\/uploads\/[0-9a-f]{32}$/);
      return location;
    },
    patch: (user: Caller, location: string, offset: number, chunk: Buffer) =>
      app().app.inject({
        method: 'PATCH',
        url: location,
        headers: { ...TUS, ...bearer(user), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        payload: chunk,
      }),
    head: (user: Caller, location: string) => app().app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...bearer(user) } }),
    /** The upload's row (owner, size, hash, when it finished), as the API keeps it. */
    rowOf: async (location: string) =>
      (
        await app()
          .ctx.db.select()
          .from(documentUploads)
          .where(eq(documentUploads.id, uploadIdOf(location)))
      )[0],
  };
}
