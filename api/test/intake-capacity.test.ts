import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { IntakeCapacity, noPlacesLeftMessage } from 'shared-api/contract';
import { applicationHistory, applications } from '../src/infrastructure/database/schema';
import { createProgram, submitOk } from './fixtures/applications';
import { call, createUser, createWorld, type World } from './helpers/fixtures';
import { createIntake, intakeBody, movableClock } from './helpers/intakes';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('places in an intake', () => {
  const clock = movableClock('2027-01-10T08:00:00.000Z');
  let t: TestApp;
  let w: World;
  let cs: { id: number };
  let law: { id: number };
  let intakeId: number;
  let apps: number[];

  before(async () => {
    t = await startTestApp({}, { clock });
    w = await createWorld(t);
    cs = await createProgram(t, w.uniA.id, 'Computer Science');
    law = await createProgram(t, w.uniA.id, 'Law');
    intakeId = await createIntake(t, w.superuser.token, w.uniA.id, intakeBody([{ programId: cs.id, capacity: 1 }, { programId: law.id }]));
    apps = [];
    for (let i = 0; i < 4; i += 1) {
      const applicant = await createUser(t, 'USER');
      apps.push(await submitOk(t, applicant.token, [cs.id, law.id], { intakeId }));
    }
  });
  after(() => t.close());

  const accept = (token: string, id: number, extra: Record<string, unknown> = {}) => call(t, 'PUT', `/api/applications/${id}`, { token, json: { status: 'APPROVED', programId: cs.id, ...extra } });

  /** The decision-related state of one application, to prove a refusal changed nothing. */
  async function stateOf(id: number) {
    const [row] = await t.ctx.db.select({ status: applications.status, approved: applications.approvedProgramId, updatedAt: applications.updatedAt }).from(applications).where(eq(applications.id, id));
    const history = await t.ctx.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, id));
    return JSON.stringify({ row, history: history.length });
  }

  async function capacity(token = w.adminA.token) {
    const res = await call(t, 'GET', `/api/intakes/${intakeId}/capacity`, { token });
    assert.equal(res.statusCode, 200, res.body);
    return IntakeCapacity.parse(res.json());
  }

  it('shows staff in reach the places, accepted and pending per program; others are refused', async () => {
    const view = await capacity();
    assert.equal(view.intakeId, intakeId);
    assert.deepEqual(view.programs, [
      { programId: cs.id, programName: 'Computer Science', capacity: 1, accepted: 0, pending: 4, offered: 0, waitlisted: 0, nextOnWaitlist: null },
      { programId: law.id, programName: 'Law', capacity: null, accepted: 0, pending: 4, offered: 0, waitlisted: 0, nextOnWaitlist: null },
    ]);
    assert.equal((await call(t, 'GET', `/api/intakes/${intakeId}/capacity`, { token: w.adminB.token })).statusCode, 404);
    assert.equal((await call(t, 'GET', `/api/intakes/${intakeId}/capacity`, { token: w.userA.token })).statusCode, 403);
    assert.equal((await call(t, 'GET', `/api/intakes/${intakeId}/capacity`)).statusCode, 401);
  });

  it('accepts into the last place, then refuses the next acceptance with 409 naming the program; nothing changes', async () => {
    const first = await accept(w.adminA.token, apps[0]!);
    assert.equal(first.statusCode, 200, first.body);
    const before = await stateOf(apps[1]!);
    const full = await accept(w.adminA.token, apps[1]!);
    assert.equal(full.statusCode, 409);
    assert.equal(full.json().message, noPlacesLeftMessage('Computer Science'));
    assert.equal(await stateOf(apps[1]!), before);
    const view = await capacity();
    assert.deepEqual(
      view.programs.map((p) => [p.programName, p.accepted, p.pending]),
      [
        ['Computer Science', 1, 3],
        ['Law', 0, 3],
      ],
    );
  });

  it('an unlimited program still accepts, and a rejection needs no place', async () => {
    const res = await call(t, 'PUT', `/api/applications/${apps[1]!}`, { token: w.adminA.token, json: { status: 'APPROVED', programId: law.id } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().program.name, 'Law');
  });

  it('an ADMIN cannot override (403, clear message); a SUPERUSER must give a reason; nothing changes on refusal', async () => {
    const before = await stateOf(apps[2]!);
    const admin = await accept(w.adminA.token, apps[2]!, { overrideReason: 'Top of the class' });
    assert.equal(admin.statusCode, 403);
    assert.match(admin.json().message, /^overrideReason: only a superuser/);
    const noReason = await accept(w.superuser.token, apps[2]!);
    assert.equal(noReason.statusCode, 409);
    assert.equal(noReason.json().message, noPlacesLeftMessage('Computer Science'));
    const rejecting = await call(t, 'PUT', `/api/applications/${apps[2]!}`, { token: w.superuser.token, json: { status: 'REJECTED', reviewNotes: 'No', overrideReason: 'x' } });
    assert.equal(rejecting.statusCode, 400);
    assert.match(rejecting.json().message, /^overrideReason: /);
    const tooLong = await accept(w.superuser.token, apps[2]!, { overrideReason: 'x'.repeat(501) });
    assert.equal(tooLong.statusCode, 400);
    assert.match(tooLong.json().message, /^overrideReason: /);
    assert.equal(await stateOf(apps[2]!), before);
  });

  it('a SUPERUSER overrides a full program with a reason, recorded in the history', async () => {
    const res = await accept(w.superuser.token, apps[2]!, { overrideReason: 'Ministry bursary holder' });
    assert.equal(res.statusCode, 200, res.body);
    const last = res.json().history.at(-1);
    assert.equal(last.to, 'APPROVED');
    assert.match(last.note, /Accepted beyond the 1 places of Computer Science: Ministry bursary holder/);
    assert.equal((await capacity(w.superuser.token)).programs[0]!.accepted, 2);
  });

  // On PostgreSQL the three decisions run in three connections at once (without
  // the row lock on the intake's program this fails); PGlite runs them in turn.
  it('two ADMINs accepting the last place at the same moment: exactly one succeeds', async () => {
    const secondAdmin = await createUser(t, 'ADMIN', { universityId: w.uniA.id });
    const thirdAdmin = await createUser(t, 'ADMIN', { universityId: w.uniA.id });
    for (let round = 0; round < 4; round += 1) {
      const program = await createProgram(t, w.uniA.id, `Contested ${round}`);
      const roundIntake = await createIntake(t, w.superuser.token, w.uniA.id, intakeBody([{ programId: program.id, capacity: 1 }], { name: `Contested round ${round}` }));
      const contenders: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const applicant = await createUser(t, 'USER');
        contenders.push(await submitOk(t, applicant.token, [program.id], { intakeId: roundIntake }));
      }
      const results = await Promise.all(
        [w.adminA, secondAdmin, thirdAdmin].map((admin, i) => call(t, 'PUT', `/api/applications/${contenders[i]!}`, { token: admin.token, json: { status: 'APPROVED', programId: program.id } })),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      assert.deepEqual(statuses, [200, 409, 409], `round ${round} (${t.databaseKind}): ${results.map((r) => `${r.statusCode} ${r.json().message ?? r.json().status}`).join(' | ')}`);
      const accepted = await t.ctx.db.select({ id: applications.id }).from(applications).where(eq(applications.approvedProgramId, program.id));
      assert.equal(accepted.length, 1);
    }
  });

  it('applications without an intake are accepted without counting places (legacy)', async () => {
    const legacyUniversityProgram = await createProgram(t, w.uniB.id, 'Mining');
    const id = await submitOk(t, w.userB.token, [legacyUniversityProgram.id]);
    const res = await call(t, 'PUT', `/api/applications/${id}`, { token: w.adminB.token, json: { status: 'APPROVED', programId: legacyUniversityProgram.id } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().intake, null);
  });
});
