/** tus 1.0 requests for the resumable-upload tests (uploads.test.ts, uploads-s3.test.ts). */
import { request as httpRequest } from 'node:http';

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
