import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createProgram, submitOk } from './fixtures/applications';
import { call, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('duplicate applications are flagged for staff', () => {
  let t: TestApp;
  let w: World;
  let first: number;
  let second: number;
  let elsewhere: number;
  let alone: number;

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    const law = await createProgram(t, w.uniA.id, 'Law', 4);
    const cs = await createProgram(t, w.uniA.id, 'Computer Science', 4);
    const mining = await createProgram(t, w.uniB.id, 'Mining', 4);
    first = await submitOk(t, w.userA.token, [law.id]);
    second = await submitOk(t, w.userA.token, [cs.id]);
    elsewhere = await submitOk(t, w.userA.token, [mining.id]);
    alone = await submitOk(t, w.userB.token, [law.id]);
  });
  after(() => t.close());

  const staffList = async (token: string) => {
    const res = await call(t, 'GET', '/api/applications?page=1&size=20', { token });
    assert.equal(res.statusCode, 200, res.body);
    return new Map((res.json().items as Array<{ id: number; duplicate?: boolean }>).map((a) => [a.id, a.duplicate]));
  };

  it('marks both open applications of one applicant to one university, and no other', async () => {
    const flags = await staffList(w.superuser.token);
    assert.equal(flags.get(first), true);
    assert.equal(flags.get(second), true);
    assert.equal(flags.get(elsewhere), false);
    assert.equal(flags.get(alone), false);
    const plain = await call(t, 'GET', '/api/applications', { token: w.adminA.token });
    assert.equal(plain.statusCode, 200);
    assert.equal((plain.json() as Array<{ id: number; duplicate?: boolean }>).find((a) => a.id === first)?.duplicate, true);
    const detail = await call(t, 'GET', `/api/applications/${second}`, { token: w.adminA.token });
    assert.equal(detail.json().duplicate, true);
  });

  it('never shows the flag to the applicant', async () => {
    const own = await call(t, 'GET', `/api/applications/${first}`, { token: w.userA.token });
    assert.equal(own.statusCode, 200);
    assert.equal('duplicate' in own.json(), false);
  });

  it('drops the flag from both once one of them is decided', async () => {
    const decided = await call(t, 'PUT', `/api/applications/${first}`, { token: w.adminA.token, json: { status: 'Rejected', reviewNotes: 'Applied twice' } });
    assert.equal(decided.statusCode, 200, decided.body);
    const flags = await staffList(w.adminA.token);
    assert.equal(flags.get(first), false);
    assert.equal(flags.get(second), false);
  });
});
