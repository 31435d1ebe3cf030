/**
 * The S3 backend's transport, through a recording proxy in front of a real
 * S3-compatible server (s3rver): large files go up in parts, failed requests
 * are retried, virtual-hosted-style addressing puts the bucket in the host
 * name, and wrong credentials are refused.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { S3Storage } from '../src/infrastructure/storage';
import { startS3Server, type LocalS3 } from './helpers/s3-server';

interface Seen {
  method: string;
  host: string;
  url: string;
  status: number;
}

/**
 * Forwards to s3rver, recording every request; answers 503 to the next
 * `failNext` requests; turns virtual-hosted requests (bucket.s3.test) into
 * path-style ones, which s3rver understands.
 */
async function startProxy(target: string) {
  const seen: Seen[] = [];
  const state = { failNext: 0 };
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const host = String(req.headers.host);
    const vhost = /^([a-z0-9-]+)\.s3\.test(:\d+)?$/.exec(host);
    const url = vhost ? `/${vhost[1]}${req.url}` : req.url!;
    if (state.failNext > 0) {
      state.failNext -= 1;
      seen.push({ method: req.method!, host, url: req.url!, status: 503 });
      req.resume();
      res.writeHead(503, { 'content-type': 'application/xml' }).end('<Error><Code>SlowDown</Code><Message>Please slow down.</Message></Error>');
      return;
    }
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      seen.push({ method: req.method!, host, url: req.url!, status: answer.statusCode! });
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, seen, state, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
async function read(storage: S3Storage, key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 storage through the AWS SDK', () => {
  let s3: LocalS3;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  before(async () => {
    s3 = await startS3Server();
    proxy = await startProxy(s3.settings.endpoint);
  });
  after(async () => {
    await proxy.stop();
    await s3.stop();
  });
  const viaProxy = () => ({ ...s3.settings, endpoint: `http://127.0.0.1:${proxy.port}`, bucket: 'portal-files' });

  it('sends a large file as a multipart upload and reads it back intact', async () => {
    const storage = new S3Storage(viaProxy(), { partSizeBytes: 5 * 1024 * 1024 });
    const data = randomBytes(11 * 1024 * 1024 + 5);
    proxy.seen.length = 0;
    const stored = await storage.put('applications/1/large', Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
    assert.deepEqual(stored, { size: data.length, sha256: sha256(data) });
    const parts = proxy.seen.filter((r) => r.method === 'PUT' && /[?&]partNumber=/.test(r.url));
    assert.equal(parts.length, 3, 'three parts of at most 5 MiB');
    assert.ok(
      proxy.seen.some((r) => r.method === 'POST' && /[?&]uploads/.test(r.url)),
      'a multipart upload was started',
    );
    assert.equal(sha256(await read(storage, 'applications/1/large')), sha256(data));

    proxy.seen.length = 0;
    await storage.put('applications/1/small', Readable.from([Buffer.from('small')]));
    assert.deepEqual(
      proxy.seen.filter((r) => r.method !== 'HEAD').map((r) => r.method),
      ['PUT'],
      'a small file is one PUT',
    );
  });

  it('retries requests the server refuses for a moment', async () => {
    const storage = new S3Storage(viaProxy());
    const data = randomBytes(300_000);
    await storage.put('applications/2/warm', Readable.from([Buffer.from('x')]));
    proxy.seen.length = 0;
    proxy.state.failNext = 2;
    await storage.put('applications/2/retried', Readable.from([data]));
    assert.deepEqual(
      proxy.seen.map((r) => r.status),
      [503, 503, 200],
      'two refusals, then the same bytes again',
    );
    proxy.state.failNext = 1;
    assert.equal(sha256(await read(storage, 'applications/2/retried')), sha256(data));
  });

  it('addresses the bucket in the host name when path style is off', async () => {
    const storage = new S3Storage(
      { ...viaProxy(), endpoint: `http://s3.test:${proxy.port}`, forcePathStyle: false },
      // Every *.s3.test name is this machine.
      { requestHandler: { httpAgent: new http.Agent({ lookup: (_host, _options, done) => done(null, [{ address: '127.0.0.1', family: 4 }]) }) } },
    );
    proxy.seen.length = 0;
    await storage.put('applications/3/vhost', Readable.from([Buffer.from('virtual host')]));
    const put = proxy.seen.find((r) => r.method === 'PUT')!;
    assert.equal(put.host, `portal-files.s3.test:${proxy.port}`);
    assert.equal(put.url.split('?')[0], '/applications/3/vhost', 'the key alone in the path');
    assert.equal((await read(storage, 'applications/3/vhost')).toString(), 'virtual host');
  });

  it('lists what is stored under a prefix', async () => {
    const storage = new S3Storage(viaProxy());
    for (const name of ['a', 'b']) await storage.put(`listing/${name}`, Readable.from([Buffer.from(name)]));
    const keys: string[] = [];
    for await (const object of storage.list('listing/')) {
      keys.push(object.key);
      assert.ok(object.lastModified.getTime() > Date.now() - 60_000);
    }
    assert.deepEqual(keys.sort(), ['listing/a', 'listing/b']);
  });

  it('is refused with an unknown access key', async () => {
    const storage = new S3Storage({ ...viaProxy(), accessKeyId: 'NOT-A-KEY' }, { maxAttempts: 1 });
    await assert.rejects(
      storage.put('applications/4/x', Readable.from([Buffer.from('x')])),
      (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 403,
    );
  });
});
