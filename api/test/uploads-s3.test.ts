/**
 * Resumable uploads (tus 1.0 at /api/uploads) when the documents live in S3:
 * the tus S3 store keeps each upload's bytes in the bucket, so any instance
 * continues it. Runs against s3rver on loopback (helpers/s3-server.ts fills
 * the two multipart calls it lacks). The faults of issue 19: a connection cut
 * mid-chunk, a restart mid-upload, the same chunk twice, another account, and
 * nothing of an upload left in the bucket once it is a document or swept.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildApp, type PortalApp } from '../src/app';
import { sweepOrphanFiles } from '../src/modules/applications/orphan-files';
import { samplePdf, samplePng } from './fixtures/samples';
import { startS3Server, type LocalS3 } from './helpers/s3-server';
import { createUser, type TestUser } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';
import { patchCutMidChunk, tusCalls, uploadIdOf } from './helpers/tus';

const HOUR = 60 * 60 * 1000;
const BUCKET = `portal-tus-${Date.now()}`;

let s3: LocalS3;
let t: TestApp;
/** The app answering now: a restart replaces it on the same database, configuration and bucket. */
let live: PortalApp;
let applicant: TestUser;

before(async () => {
  s3 = await startS3Server();
  t = await startTestApp({
    S3_ENDPOINT: s3.settings.endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: s3.settings.region,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
  });
  live = t;
  applicant = await createUser(t, 'USER');
});
after(async () => {
  if (live !== t) await live.app.close();
  await t.close();
  await s3.stop();
});

const { start, patch, head, rowOf } = tusCalls(() => live);
const idOf = uploadIdOf;
/** The bucket's objects that belong to this upload (the bytes, the .info, an incomplete .part). */
const inBucket = (location: string) => readdirSync(path.join(s3.directory, BUCKET)).filter((name) => name.startsWith(idOf(location)));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('resumable uploads on the S3 store', () => {
  it('creates the bucket on the first upload of a new deployment, takes the document in chunks and keeps no tus copy once stored', async () => {
    const pdf = samplePdf(250_000);
    const location = await start(applicant, pdf.length);
    for (let offset = 0; offset < pdf.length; offset += 100_000) {
      const res = await patch(applicant, location, offset, pdf.subarray(offset, offset + 100_000));
      assert.equal(res.statusCode, 204, res.body);
    }
    const row = await rowOf(location);
    assert.equal(row?.sha256, sha256(pdf));
    assert.ok(row?.completedAt);
    assert.deepEqual(inBucket(location), []);
  });

  it('answers 409 to the same chunk sent twice, and the document is stored once, whole', async () => {
    const pdf = samplePdf(150_000);
    const location = await start(applicant, pdf.length);
    assert.equal((await patch(applicant, location, 0, pdf.subarray(0, 80_000))).statusCode, 204);
    const again = await patch(applicant, location, 0, pdf.subarray(0, 80_000));
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().error, 'Conflict');
    assert.equal((await head(applicant, location)).headers['upload-offset'], '80000');
    assert.equal((await patch(applicant, location, 80_000, pdf.subarray(80_000))).statusCode, 204);
    assert.equal((await rowOf(location))?.sha256, sha256(pdf));
  });

  it('hides an upload from another account: HEAD and PATCH answer 404 and the bytes stay as they were', async () => {
    const other = await createUser(t, 'USER');
    const pdf = samplePdf(120_000);
    const location = await start(applicant, pdf.length);
    assert.equal((await patch(applicant, location, 0, pdf.subarray(0, 60_000))).statusCode, 204);
    assert.equal((await head(other, location)).statusCode, 404);
    assert.equal((await patch(other, location, 60_000, pdf.subarray(60_000))).statusCode, 404);
    assert.equal((await head(applicant, location)).headers['upload-offset'], '60000');
  });

  it('resumes from the last confirmed offset after the connection drops mid-chunk, with nothing of the cut chunk half-stored', async () => {
    await live.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = live.app.server.address() as AddressInfo;
    const pdf = samplePdf(400_000);
    const location = await start(applicant, pdf.length);
    assert.equal((await patch(applicant, location, 0, pdf.subarray(0, 100_000))).statusCode, 204);
    // Half of the next 200 kB chunk goes out, then the connection is cut.
    await patchCutMidChunk({ port, location, token: applicant.token, offset: 100_000, announced: 200_000, sent: pdf.subarray(100_000, 200_000) });
    // The S3 store keeps whole chunks only (unlike the local folder): the cut one is sent again, no more.
    const offset = (await head(applicant, location)).headers['upload-offset'];
    assert.equal(offset, '100000');
    assert.equal((await patch(applicant, location, 100_000, pdf.subarray(100_000))).statusCode, 204);
    assert.equal((await rowOf(location))?.sha256, sha256(pdf));
  });

  it('resumes after the server restarts mid-upload: the offset comes from the bucket', async () => {
    const png = Buffer.concat([samplePng(), Buffer.alloc(200_000, 7)]);
    const location = await start(applicant, png.length, { documentType: 'NRC_BACK', filename: 'back.png' });
    assert.equal((await patch(applicant, location, 0, png.subarray(0, 120_000))).statusCode, 204);
    await live.app.close();
    live = await buildApp({ config: t.config, database: t.ctx.database, logger: false });
    assert.equal((await head(applicant, location)).headers['upload-offset'], '120000');
    assert.equal((await patch(applicant, location, 120_000, png.subarray(120_000))).statusCode, 204);
    const row = await rowOf(location);
    assert.equal(row?.contentType, 'image/png');
    assert.equal(row?.sha256, sha256(png));
    assert.deepEqual(inBucket(location), []);
  });

  it('sweeps an unfinished upload out of the bucket once past the age limit', async () => {
    const sweeper = await createUser(t, 'USER');
    const pdf = samplePdf(100_000);
    const unfinished = await start(sweeper, pdf.length);
    assert.equal((await patch(sweeper, unfinished, 0, pdf.subarray(0, 10_000))).statusCode, 204);
    assert.ok(inBucket(unfinished).length > 0, 'the partial bytes wait in the bucket');
    await sweepOrphanFiles(live.ctx, live.app.log, { now: new Date(Date.now() + 25 * HOUR) });
    assert.equal(await rowOf(unfinished), undefined);
    assert.deepEqual(inBucket(unfinished), [], 'the partial bytes are gone');
  });
});
