import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { subscribers } from '../src/infrastructure/database/schema';
import { LIMITS } from '../src/infrastructure/rate-limit';
import { call } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('waitlist subscribers', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const count = async () => {
    const res = await call(t, 'GET', '/api/subscribers/count');
    assert.equal(res.statusCode, 200);
    return res.json().count as number;
  };

  it('starts at zero, publicly', async () => {
    assert.equal(await count(), 0);
  });

  it('adds a new subscriber with a thank-you, trimmed', async () => {
    const res = await call(t, 'POST', '/api/subscribers', { json: { name: '  Mwape Kunda  ', email: '  Mwape@Example.test ' } });
    assert.equal(res.statusCode, 201);
    assert.deepEqual(res.json(), { message: 'Thanks for joining the waitlist!' });
    const [row] = await t.ctx.db.select().from(subscribers);
    assert.equal(row!.name, 'Mwape Kunda');
    assert.equal(row!.email, 'mwape@example.test');
    assert.equal(await count(), 1);
  });

  it('answers a repeated email kindly and counts it once', async () => {
    const res = await call(t, 'POST', '/api/subscribers', { json: { name: 'Mwape K', email: 'MWAPE@example.test' } });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { message: 'You are already on the waitlist!' });
    assert.equal(await count(), 1);
  });

  it('counts concurrent repeats once', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => call(t, 'POST', '/api/subscribers', { json: { name: 'Same', email: 'same@example.test' } })));
    assert.equal(results.filter((r) => r.statusCode === 201).length, 1);
    assert.equal(results.filter((r) => r.statusCode === 200).length, 4);
    assert.equal(await count(), 2);
  });

  it('refuses invalid input naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ name: 'A', email: 'not-an-email' }, /^email: must be a valid email address/],
      [{ name: '   ', email: 'a@example.test' }, /^name: is required/],
      [{ email: 'a@example.test' }, /^name/],
      [{ name: 'A' }, /^email/],
      [{ name: 'A', email: 'a@example.test', admin: true }, /Unknown field: admin/],
      [{ name: 'x'.repeat(201), email: 'a@example.test' }, /^name: must be at most 200 characters/],
      [{ name: { $ne: 1 }, email: 'a@example.test' }, /^name/],
    ];
    for (const [json, message] of cases) {
      const res = await call(t, 'POST', '/api/subscribers', { json });
      assert.equal(res.statusCode, 400, JSON.stringify(json));
      assert.match(res.json().message, message);
    }
    const malformed = await t.app.inject({ method: 'POST', url: '/api/subscribers', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    assert.equal(malformed.statusCode, 400);
    assert.equal(await count(), 2);
  });

  it('limits repeats and new entries per address, separately: a repeated e-mail never blocks a new sign-up', async () => {
    const join = (email: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/subscribers', remoteAddress: ip, payload: { name: 'Chanda', email } });
    await join('listed@example.test', '10.55.0.9');
    const cafe = '10.55.0.1';
    for (let i = 0; i < LIMITS.subscribeRepeatPerIp.max; i += 1) assert.equal((await join('listed@example.test', cafe)).statusCode, 200, `repeat ${i + 1}`);
    const refused = await join('listed@example.test', cafe);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().message, 'Too many attempts. Please wait a few minutes and try again.');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    // New sign-ups from the same address still join, up to their own limit.
    for (let i = 0; i < LIMITS.subscribePerIp.max; i += 1) assert.equal((await join(`new-${i}@example.test`, cafe)).statusCode, 201, `new ${i + 1}`);
    assert.equal((await join('one-too-many@example.test', cafe)).statusCode, 429);
    assert.equal((await join('one-too-many@example.test', '10.55.0.2')).statusCode, 201, 'another address is not affected');
  });
});
