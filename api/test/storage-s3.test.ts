import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { S3Storage, StorageNotFoundError } from '../src/infrastructure/storage';
import { startS3Server, type LocalS3 } from './helpers/s3-server';

describe('S3 storage backend', () => {
  let s3: LocalS3;
  let storage: S3Storage;
  before(async () => {
    s3 = await startS3Server();
    storage = new S3Storage({ ...s3.settings, bucket: 'portal-files' });
  });
  after(() => s3.stop());

  it('stores a streamed file and reports its size and checksum', async () => {
    const data = randomBytes(1024 * 1024 + 3);
    const stored = await storage.put('applications/7/nrc-front-ab12', Readable.from([data.subarray(0, 10), data.subarray(10)]));
    assert.equal(stored.size, data.length);
    assert.equal(stored.sha256, createHash('sha256').update(data).digest('hex'));
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get('applications/7/nrc-front-ab12')) chunks.push(chunk as Buffer);
    assert.ok(Buffer.concat(chunks).equals(data));
  });

  it('reports a missing key as not found and deletes idempotently', async () => {
    await assert.rejects(storage.get('applications/7/missing'), StorageNotFoundError);
    await storage.put('applications/7/temp', Readable.from([Buffer.from('x')]));
    await storage.delete('applications/7/temp');
    await storage.delete('applications/7/temp');
    await assert.rejects(storage.get('applications/7/temp'), StorageNotFoundError);
  });

  it('refuses keys that could escape or inject', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'UPPER', 'a b']) {
      await assert.rejects(storage.put(key, Readable.from([Buffer.from('x')])), /Invalid storage key/);
    }
  });
});
