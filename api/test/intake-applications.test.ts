import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { ALREADY_APPLIED_TO_INTAKE_MESSAGE, Application, INTAKE_CLOSED_MESSAGE } from 'shared-api/contract';
import { applicationFiles, applications } from '../src/infrastructure/database/schema';
import { createProgram, submit } from './fixtures/applications';
import { call, createUniversity, createUser, createWorld, type World } from './helpers/fixtures';
import { createIntake, DAY, intakeBody, movableClock } from './helpers/intakes';
import { startTestApp, type TestApp } from './helpers/test-app';

function storedFiles(dir: string): number {
  let n = 0;
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const name of entries) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else n += 1;
    }
  };
  walk(dir);
  return n;
}

describe('applying into an intake', () => {
  const clock = movableClock('2027-01-10T08:00:00.000Z');
  let t: TestApp;
  let w: World;
  let cs: { id: number };
  let law: { id: number };
  let eng: { id: number };
  let mining: { id: number };
  let openId: number;
  let closedId: number;
  let upcomingId: number;
  let filesDir: string;

  before(async () => {
    t = await startTestApp({}, { clock });
    w = await createWorld(t);
    cs = await createProgram(t, w.uniA.id, 'Computer Science');
    law = await createProgram(t, w.uniA.id, 'Law');
    eng = await createProgram(t, w.uniA.id, 'Engineering');
    mining = await createProgram(t, w.uniB.id, 'Mining');
    openId = await createIntake(t, w.adminA.token, w.uniA.id, intakeBody([{ programId: cs.id, capacity: 10 }, { programId: law.id }], { name: '2027 January intake' }));
    closedId = await createIntake(t, w.adminA.token, w.uniA.id, intakeBody([{ programId: cs.id }], { name: '2026 July intake', opensAt: '2026-06-01T00:00:00Z', closesAt: '2026-07-01T00:00:00Z' }));
    upcomingId = await createIntake(t, w.adminA.token, w.uniA.id, intakeBody([{ programId: cs.id }], { name: '2027 July intake', opensAt: '2027-06-01T00:00:00Z', closesAt: '2027-07-01T00:00:00Z' }));
    filesDir = t.config.storage.kind === 'local' ? t.config.storage.dir : '';
  });
  after(() => t.close());

  async function counts() {
    const [a] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(applications);
    const [f] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(applicationFiles);
    return { applications: Number(a!.n), files: Number(f!.n), stored: storedFiles(filesDir) };
  }

  /** A refusal: status, message, and nothing stored (rows or files). */
  async function refused(token: string, programIds: number[], extra: Record<string, unknown>, status: number, message: string | RegExp) {
    const before = await counts();
    const res = await submit(t, token, programIds, extra);
    assert.equal(res.statusCode, status, res.body);
    if (typeof message === 'string') assert.equal(res.json().message, message);
    else assert.match(res.json().message, message);
    assert.deepEqual(await counts(), before);
    return res;
  }

  it('applies into the open intake it names; the answer and every read carry the intake', async () => {
    const res = await submit(t, w.userA.token, [cs.id, law.id], { intakeId: openId });
    assert.equal(res.statusCode, 201, res.body);
    const app = Application.parse(res.json().application);
    assert.deepEqual(app.intake, { id: openId, name: '2027 January intake', closesAt: '2027-02-01T00:00:00.000Z' });
    const read = await call(t, 'GET', `/api/applications/${app.id}`, { token: w.adminA.token });
    assert.deepEqual(read.json().intake, app.intake);
    const mine = await call(t, 'GET', `/api/applications/user/${w.userA.id}`, { token: w.userA.token });
    assert.deepEqual(mine.json()[0].intake, app.intake);
    const page = await call(t, 'GET', '/api/applications?page=1&size=5', { token: w.adminA.token });
    assert.deepEqual(page.json().items.find((a: { id: number }) => a.id === app.id).intake, app.intake);
  });

  it('a second application by the same applicant to the same intake is 409 and points to the first; nothing is stored', async () => {
    const [first] = await t.ctx.db.select({ id: applications.id }).from(applications).where(eq(applications.userId, w.userA.id));
    const res = await refused(w.userA.token, [law.id], { intakeId: openId }, 409, ALREADY_APPLIED_TO_INTAKE_MESSAGE);
    assert.equal(res.json().applicationId, first!.id);
    // Without naming the intake it goes into the single open one: the same refusal.
    const unnamed = await refused(w.userA.token, [law.id], {}, 409, ALREADY_APPLIED_TO_INTAKE_MESSAGE);
    assert.equal(unnamed.json().applicationId, first!.id);
  });

  it('two submissions of one applicant to one intake at the same moment: exactly one is stored', async () => {
    const applicant = await createUser(t, 'USER');
    const before = await counts();
    const results = await Promise.all([submit(t, applicant.token, [cs.id], { intakeId: openId }), submit(t, applicant.token, [law.id], { intakeId: openId })]);
    const statuses = results.map((r) => r.statusCode).sort();
    assert.deepEqual(statuses, [201, 409], results.map((r) => r.body).join('\n'));
    const winner = results.find((r) => r.statusCode === 201)!.json().id;
    assert.equal(results.find((r) => r.statusCode === 409)!.json().applicationId, winner);
    const after = await counts();
    assert.equal(after.applications, before.applications + 1);
    assert.equal(after.stored, before.stored + 4);
  });

  it('without an intakeId, an application goes into the one open intake (clients of the spec keep working)', async () => {
    const res = await submit(t, w.userB.token, [law.id]);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().application.intake.id, openId);
  });

  it('a program the intake does not offer is 400 naming it; nothing is stored', async () => {
    const applicant = await createUser(t, 'USER');
    await refused(applicant.token, [cs.id, eng.id], { intakeId: openId }, 400, 'programIds: Engineering is not offered in 2027 January intake');
  });

  it('a closed or upcoming intake is 409 closed; an unknown one or another university’s is 400 naming intakeId; nothing is stored', async () => {
    const applicant = await createUser(t, 'USER');
    await refused(applicant.token, [cs.id], { intakeId: closedId }, 409, INTAKE_CLOSED_MESSAGE);
    await refused(applicant.token, [cs.id], { intakeId: upcomingId }, 409, INTAKE_CLOSED_MESSAGE);
    await refused(applicant.token, [cs.id], { intakeId: 987654 }, 400, /^intakeId: /);
    const otherUniversity = await createIntake(
      t,
      w.adminB.token,
      w.uniB.id,
      intakeBody([{ programId: mining.id }], { name: 'Mining round', opensAt: '2028-01-01T00:00:00Z', closesAt: '2028-02-01T00:00:00Z' }),
    );
    await refused(applicant.token, [cs.id], { intakeId: otherUniversity }, 400, /^intakeId: /);
    await refused(applicant.token, [cs.id], { intakeId: 'abc' }, 400, /^intakeId: /);
  });

  it('after the intake closes nobody can apply, named or not; when the next one opens, it takes applications', async () => {
    const applicant = await createUser(t, 'USER');
    try {
      clock.set('2027-02-01T00:00:00Z');
      await refused(applicant.token, [cs.id], { intakeId: openId }, 409, INTAKE_CLOSED_MESSAGE);
      await refused(applicant.token, [cs.id], {}, 409, INTAKE_CLOSED_MESSAGE);
      clock.set(new Date(Date.parse('2027-06-01T00:00:00Z') + DAY));
      const res = await submit(t, applicant.token, [cs.id]);
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().application.intake.id, upcomingId);
    } finally {
      clock.set('2027-01-10T08:00:00.000Z');
    }
  });

  it('with several intakes open and no intakeId, the applicant is asked to choose (400 naming intakeId)', async () => {
    const second = await createIntake(
      t,
      w.adminA.token,
      w.uniA.id,
      intakeBody([{ programId: law.id }], { name: 'Law special intake', opensAt: '2027-01-05T00:00:00Z', closesAt: '2027-01-20T00:00:00Z' }),
    );
    const applicant = await createUser(t, 'USER');
    const res = await refused(applicant.token, [law.id], {}, 400, /^intakeId: choose the intake to apply into/);
    assert.match(res.json().message, /2027 January intake/);
    assert.match(res.json().message, /Law special intake/);
    const chosen = await submit(t, applicant.token, [law.id], { intakeId: second });
    assert.equal(chosen.statusCode, 201, chosen.body);
    // One application per intake: the same applicant may still apply to the other open intake.
    const other = await submit(t, applicant.token, [law.id], { intakeId: openId });
    assert.equal(other.statusCode, 201, other.body);
    await t.ctx.db.delete(applications).where(eq(applications.intakeId, second));
    assert.equal((await call(t, 'DELETE', `/api/intakes/${second}`, { token: w.adminA.token })).statusCode, 200);
  });

  it('a university that never defined an intake takes applications as the spec describes, and legacy applications read as before', async () => {
    const university = await createUniversity(t, 'Mulungushi University');
    const business = await createProgram(t, university.id, 'Business');
    const applicant = await createUser(t, 'USER');
    const res = await submit(t, applicant.token, [business.id]);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().application.intake, null);
    // Several applications to a university without intakes stay allowed (the spec's duplicates).
    const again = await submit(t, applicant.token, [business.id]);
    assert.equal(again.statusCode, 201, again.body);
    const read = await call(t, 'GET', `/api/applications/${again.json().id}`, { token: applicant.token });
    assert.equal(read.json().intake, null);
  });
});
