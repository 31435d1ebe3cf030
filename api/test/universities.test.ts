import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { applications, auditLog, programs, universities } from '../src/infrastructure/database/schema';
import { catalogueCache } from '../src/infrastructure/caches/public-cache';
import { applicationRow, call, createUser, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const IN_USE = 'This university still has programs or applications; remove them first.';

describe('universities', () => {
  let t: TestApp;
  let w: World;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
  });
  after(() => t.close());

  it('lists every university publicly with the contract fields', async () => {
    const res = await call(t, 'GET', '/api/universities');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.ok(Array.isArray(body));
    const names = body.map((u: { name: string }) => u.name);
    assert.ok(names.includes('University of Zambia') && names.includes('Copperbelt University'));
    assert.deepEqual(Object.keys(body[0]).sort(), ['about', 'contactInfo', 'id', 'imageUrl', 'location', 'name', 'website']);
  });

  it('narrows the list to its own university for a signed-in ADMIN (spec §6), privately cached', async () => {
    const res = await call(t, 'GET', '/api/universities', { token: w.adminA.token });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res.json().map((u: { id: number }) => u.id),
      [w.uniA.id],
    );
    assert.equal(res.headers['cache-control'], 'private, no-cache');
    const asSuper = await call(t, 'GET', '/api/universities', { token: w.superuser.token });
    assert.ok(asSuper.json().length >= 2);
  });

  it('serves public reads with Cache-Control, a weak ETag and 304 on If-None-Match', async () => {
    const first = await call(t, 'GET', '/api/universities');
    assert.equal(first.headers['cache-control'], 'public, no-cache');
    assert.equal(first.headers.vary, 'Authorization', 'an ADMIN gets a narrowed list, so caches must key on the token');
    const etag = String(first.headers.etag);
    assert.match(etag, /^W\/"[A-Za-z0-9_-]+"$/);
    const again = await call(t, 'GET', '/api/universities', { headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const other = await call(t, 'GET', '/api/universities', { headers: { 'if-none-match': 'W/"something-else"' } });
    assert.equal(other.statusCode, 200);
  });

  it('reads one university and answers 404 with a message for an unknown id', async () => {
    const res = await call(t, 'GET', `/api/universities/${w.uniB.id}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().name, 'Copperbelt University');
    const missing = await call(t, 'GET', '/api/universities/999999');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().message, 'University not found');
    const bad = await call(t, 'GET', '/api/universities/abc');
    assert.equal(bad.statusCode, 400);
  });

  it('lets a SUPERUSER create (201 with the object), update and delete', async () => {
    const created = await call(t, 'POST', '/api/universities', {
      token: w.superuser.token,
      json: { name: '  Mulungushi University ', location: 'Kabwe', website: 'https://mu.ac.zm', contactInfo: '', about: 'Public university' },
    });
    assert.equal(created.statusCode, 201);
    const uni = created.json();
    assert.equal(uni.name, 'Mulungushi University');
    assert.equal(uni.website, 'https://mu.ac.zm');
    assert.equal(uni.contactInfo, null);
    assert.equal(typeof uni.id, 'number');

    const updated = await call(t, 'PUT', `/api/universities/${uni.id}`, {
      token: w.superuser.token,
      json: { ...uni, name: 'Mulungushi University (Kabwe)', website: 'http://www.mu.ac.zm' },
    });
    assert.equal(updated.statusCode, 200);
    assert.equal(updated.json().name, 'Mulungushi University (Kabwe)');
    assert.equal(updated.json().about, 'Public university');

    const read = await call(t, 'GET', `/api/universities/${uni.id}`);
    assert.equal(read.json().website, 'http://www.mu.ac.zm');

    const removed = await call(t, 'DELETE', `/api/universities/${uni.id}`, { token: w.superuser.token });
    assert.equal(removed.statusCode, 200);
    assert.equal(typeof removed.json().message, 'string');
    assert.equal((await call(t, 'GET', `/api/universities/${uni.id}`)).statusCode, 404);

    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `university:${uni.id}`));
    assert.deepEqual(entries.map((e) => e.action).sort(), ['university.create', 'university.delete', 'university.update']);
    assert.ok(entries.every((e) => e.actorId === w.superuser.id && e.outcome === 'success'));
  });

  it('keeps fields that a PUT does not send', async () => {
    const created = await call(t, 'POST', '/api/universities', {
      token: w.superuser.token,
      json: { name: 'Keep Fields University', location: 'Ndola', about: 'About text' },
    });
    const id = created.json().id;
    const updated = await call(t, 'PUT', `/api/universities/${id}`, { token: w.superuser.token, json: { name: 'Renamed' } });
    assert.equal(updated.json().location, 'Ndola');
    assert.equal(updated.json().about, 'About text');
  });

  it('validates the body: name required, website http(s), unknown fields refused', async () => {
    const noName = await call(t, 'POST', '/api/universities', { token: w.superuser.token, json: { name: '  ', location: 'x' } });
    assert.equal(noName.statusCode, 400);
    assert.match(noName.json().message, /^name: /);
    const badSite = await call(t, 'POST', '/api/universities', { token: w.superuser.token, json: { name: 'X', website: 'javascript:alert(1)' } });
    assert.equal(badSite.statusCode, 400);
    assert.match(badSite.json().message, /website: must start with http:\/\/ or https:\/\//);
    const ftp = await call(t, 'POST', '/api/universities', { token: w.superuser.token, json: { name: 'X', website: 'ftp://x.org' } });
    assert.equal(ftp.statusCode, 400);
    const unknown = await call(t, 'POST', '/api/universities', { token: w.superuser.token, json: { name: 'X', rank: 1 } });
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.json().message, /Unknown field: rank/);
  });

  it('refuses writes from ADMIN (403), USER (403) and guests (401)', async () => {
    const body = { name: 'Nope University' };
    assert.equal((await call(t, 'POST', '/api/universities', { token: w.adminA.token, json: body })).statusCode, 403);
    assert.equal((await call(t, 'POST', '/api/universities', { token: w.userA.token, json: body })).statusCode, 403);
    assert.equal((await call(t, 'POST', '/api/universities', { json: body })).statusCode, 401);
    assert.equal((await call(t, 'PUT', `/api/universities/${w.uniA.id}`, { token: w.adminA.token, json: body })).statusCode, 403);
    assert.equal((await call(t, 'DELETE', `/api/universities/${w.uniA.id}`, { token: w.adminA.token })).statusCode, 403);
    const still = await t.ctx.db.select().from(universities).where(eq(universities.name, 'Nope University'));
    assert.equal(still.length, 0);
  });

  it('answers 404 when updating or deleting an unknown university', async () => {
    assert.equal((await call(t, 'PUT', '/api/universities/999999', { token: w.superuser.token, json: { name: 'X' } })).statusCode, 404);
    assert.equal((await call(t, 'DELETE', '/api/universities/999999', { token: w.superuser.token })).statusCode, 404);
  });

  it('refuses to delete a university that still has programs (409, nothing changes)', async () => {
    const uni = (await call(t, 'POST', '/api/universities', { token: w.superuser.token, json: { name: 'Has Programs' } })).json();
    await t.ctx.db.insert(programs).values({ universityId: uni.id, name: 'BSc', description: 'd', durationYears: 4 });
    const res = await call(t, 'DELETE', `/api/universities/${uni.id}`, { token: w.superuser.token });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, IN_USE);
    assert.equal((await call(t, 'GET', `/api/universities/${uni.id}`)).statusCode, 200);
    const left = await t.ctx.db.select().from(programs).where(eq(programs.universityId, uni.id));
    assert.equal(left.length, 1);
  });

  it('refuses to delete a university that still has users (409)', async () => {
    const uni = (await call(t, 'POST', '/api/universities', { token: w.superuser.token, json: { name: 'Has Admin' } })).json();
    await createUser(t, 'ADMIN', { universityId: uni.id });
    const res = await call(t, 'DELETE', `/api/universities/${uni.id}`, { token: w.superuser.token });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, IN_USE);
  });

  it('refuses to delete a university that still has applications (409)', async () => {
    const uni = (await call(t, 'POST', '/api/universities', { token: w.superuser.token, json: { name: 'Has Applications' } })).json();
    await t.ctx.db.insert(applications).values(applicationRow(w.userA.id, uni.id, { fullName: 'Applicant A', email: w.userA.email }));
    const res = await call(t, 'DELETE', `/api/universities/${uni.id}`, { token: w.superuser.token });
    assert.equal(res.statusCode, 409);
    assert.deepEqual(res.json(), { message: IN_USE, error: 'Conflict' });
    assert.equal((await call(t, 'GET', `/api/universities/${uni.id}`)).statusCode, 200);
  });

  it('answers HEAD on public reads with the same validators', async () => {
    const get = await call(t, 'GET', `/api/universities/${w.uniA.id}`);
    const head = await call(t, 'HEAD', `/api/universities/${w.uniA.id}`);
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers.etag, get.headers.etag);
    assert.equal(head.body, '');
  });

  it('with the in-process cache on, a write is visible at once', async () => {
    const cache = catalogueCache(t.ctx);
    cache.setTtl(60_000);
    try {
      const before = (await call(t, 'GET', '/api/universities')).json().length;
      const created = (await call(t, 'POST', '/api/universities', { token: w.superuser.token, json: { name: 'Cache Check University' } })).json();
      const list = (await call(t, 'GET', '/api/universities')).json();
      assert.equal(list.length, before + 1);
      await call(t, 'PUT', `/api/universities/${created.id}`, { token: w.superuser.token, json: { name: 'Cache Check Renamed' } });
      assert.equal((await call(t, 'GET', `/api/universities/${created.id}`)).json().name, 'Cache Check Renamed');
      await call(t, 'DELETE', `/api/universities/${created.id}`, { token: w.superuser.token });
      assert.equal((await call(t, 'GET', '/api/universities')).json().length, before);
    } finally {
      cache.setTtl(0);
    }
  });
});
