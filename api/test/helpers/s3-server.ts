/**
 * A real S3-compatible server (s3rver) on loopback for storage tests, with the
 * two multipart calls it lacks filled in (s3rver-multipart.mjs), so the tus S3
 * store of resumable uploads runs against it too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fillMultipartGaps } from './s3rver-multipart.mjs';

const require = createRequire(import.meta.url);

export interface LocalS3 {
  settings: { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
  /** Where the server keeps the objects (tests read it to prove what is stored). */
  directory: string;
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<LocalS3> {
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<AddressInfo>; close(): Promise<void> };
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = fillMultipartGaps(new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory }));
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
