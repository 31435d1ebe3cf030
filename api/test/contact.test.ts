import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mailOutbox } from '../src/infrastructure/database/schema';
import { call } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('contact messages to the portal team', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ CONTACT_TO: 'admissions-team@example.test' });
  });
  after(() => t.close());

  const outbox = () => t.ctx.db.select().from(mailOutbox);
  const message = { name: 'Chanda Mulenga', email: 'chanda@example.test', subject: 'Intake dates', message: 'When does the January intake open?\nThank you.' };

  it('puts the message in the mail outbox for the team, with the sender to reply to', async () => {
    const res = await call(t, 'POST', '/api/contact', { json: message });
    assert.equal(res.statusCode, 202, res.body);
    assert.deepEqual(res.json(), { message: 'Your message has been sent to the UniPortal team.' });
    const rows = await outbox();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.to, 'admissions-team@example.test');
    assert.equal(rows[0]!.subject, 'Contact form: Intake dates');
    assert.match(rows[0]!.text, /From: Chanda Mulenga <chanda@example\.test>/);
    assert.match(rows[0]!.text, /When does the January intake open\?\nThank you\./);
  });

  it('refuses a bad address or an empty message with a 400 naming the field, and queues nothing', async () => {
    const before = (await outbox()).length;
    const bad = await call(t, 'POST', '/api/contact', { json: { ...message, email: 'not-an-address' } });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /^email: /);
    const empty = await call(t, 'POST', '/api/contact', { json: { ...message, message: '' } });
    assert.equal(empty.statusCode, 400);
    assert.match(empty.json().message, /^message: /);
    const extra = await call(t, 'POST', '/api/contact', { json: { ...message, to: 'someone@else.test' } });
    assert.equal(extra.statusCode, 400);
    assert.equal((await outbox()).length, before);
  });

  it('stops one address from filling the mailbox: 429 with Retry-After after five messages an hour', async () => {
    const before = (await outbox()).length;
    const send = () => t.app.inject({ method: 'POST', url: '/api/contact', payload: message, remoteAddress: '198.51.100.77' });
    for (let i = 0; i < 5; i += 1) assert.equal((await send()).statusCode, 202);
    const refused = await send();
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await outbox()).length, before + 5);
  });
});
