import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { Intake } from 'shared-api/contract';
import { applications, intakePrograms, intakes } from '../src/infrastructure/database/schema';
import { createProgram } from './fixtures/applications';
import { applicationRow, call, createUser, createWorld, type World } from './helpers/fixtures';
import { createIntake, DAY, intakeBody, movableClock } from './helpers/intakes';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('intakes', () => {
  const clock = movableClock('2027-01-10T08:00:00.000Z');
  let t: TestApp;
  let w: World;
  let cs: { id: number };
  let law: { id: number };
  let mining: { id: number };

  before(async () => {
    t = await startTestApp({}, { clock });
    w = await createWorld(t);
    cs = await createProgram(t, w.uniA.id, 'Computer Science');
    law = await createProgram(t, w.uniA.id, 'Law');
    mining = await createProgram(t, w.uniB.id, 'Mining');
  });
  after(() => t.close());

  /** Everything an intake write could change. */
  async function snapshot() {
    const rows = await t.ctx.db.select().from(intakes).orderBy(intakes.id);
    const offered = await t.ctx.db.select().from(intakePrograms).orderBy(intakePrograms.intakeId, intakePrograms.programId);
    return JSON.stringify({ rows, offered });
  }

  it('a SUPERUSER opens an intake with places and a fee table; times come back in UTC and the state is judged by the clock', async () => {
    const res = await call(t, 'POST', `/api/universities/${w.uniA.id}/intakes`, {
      token: w.superuser.token,
      json: intakeBody([{ programId: cs.id, capacity: 2 }, { programId: law.id }], {
        name: 'Open round',
        opensAt: '2027-01-01T08:00:00+02:00',
        fees: [
          { category: 'ZAMBIAN', amount: 150, currency: 'ZMW' },
          { category: 'SADC', amount: 60, currency: 'USD' },
        ],
      }),
    });
    assert.equal(res.statusCode, 201, res.body);
    const intake = Intake.parse(res.json());
    assert.equal(intake.universityId, w.uniA.id);
    assert.equal(intake.opensAt, '2027-01-01T06:00:00.000Z');
    assert.equal(intake.closesAt, '2027-02-01T00:00:00.000Z');
    assert.equal(intake.state, 'OPEN');
    assert.deepEqual(
      intake.programs.map((p) => [p.programName, p.capacity]),
      [
        ['Computer Science', 2],
        ['Law', null],
      ],
    );
    assert.deepEqual(intake.fees, [
      { category: 'ZAMBIAN', amount: 150, currency: 'ZMW' },
      { category: 'SADC', amount: 60, currency: 'USD' },
    ]);
    assert.equal(intake.applicationCount, 0);
  });

  it('an ADMIN opens intakes at its own university only; another ADMIN, an unbound ADMIN and applicants are refused and nothing is stored', async () => {
    const own = await call(t, 'POST', `/api/universities/${w.uniA.id}/intakes`, { token: w.adminA.token, json: intakeBody([{ programId: cs.id }], { name: 'Admin round' }) });
    assert.equal(own.statusCode, 201, own.body);
    const unbound = await createUser(t, 'ADMIN');
    const before = await snapshot();
    for (const [token, status] of [
      [w.adminB.token, 404],
      [unbound.token, 403],
      [w.userA.token, 403],
      [undefined, 401],
    ] as const) {
      const res = await call(t, 'POST', `/api/universities/${w.uniA.id}/intakes`, { token, json: intakeBody([{ programId: cs.id }], { name: 'Refused round' }) });
      assert.equal(res.statusCode, status, res.body);
      assert.equal(typeof res.json().message, 'string');
    }
    const missing = await call(t, 'POST', '/api/universities/999999/intakes', { token: w.superuser.token, json: intakeBody([{ programId: cs.id }], { name: 'Nowhere' }) });
    assert.equal(missing.statusCode, 404);
    assert.equal(await snapshot(), before);
  });

  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [string, Record<string, unknown>, number, RegExp][] = [
      ['closes before it opens', intakeBody([{ programId: cs.id }], { closesAt: '2026-12-01T00:00:00Z' }), 400, /^closesAt: must be after the opening date/],
      ['closes when it opens', intakeBody([{ programId: cs.id }], { closesAt: '2027-01-01T00:00:00Z' }), 400, /^closesAt: /],
      ['not a date', intakeBody([{ programId: cs.id }], { opensAt: 'next monday' }), 400, /^opensAt: must be a date and time/],
      ['negative capacity', intakeBody([{ programId: cs.id, capacity: -1 }]), 400, /^programs\.0\.capacity: must not be negative/],
      ['fractional capacity', intakeBody([{ programId: cs.id, capacity: 1.5 }]), 400, /^programs\.0\.capacity: must be a whole number/],
      ['unknown currency', intakeBody([{ programId: cs.id }], { fees: [{ category: 'ZAMBIAN', amount: 150, currency: 'EUR' }] }), 400, /^fees\.0\.currency: must be one of ZMW, USD/],
      ['fee below zero', intakeBody([{ programId: cs.id }], { fees: [{ category: 'ZAMBIAN', amount: -1, currency: 'ZMW' }] }), 400, /^fees\.0\.amount: must not be below zero/],
      ['unknown category', intakeBody([{ programId: cs.id }], { fees: [{ category: 'MARTIAN', amount: 1, currency: 'ZMW' }] }), 400, /^fees\.0\.category: /],
      [
        'a category twice',
        intakeBody([{ programId: cs.id }], {
          fees: [
            { category: 'SADC', amount: 1, currency: 'ZMW' },
            { category: 'SADC', amount: 2, currency: 'USD' },
          ],
        }),
        400,
        /^fees: must not list a category twice/,
      ],
      ['no program', intakeBody([]), 400, /^programs: offer at least one program/],
      ['a program twice', intakeBody([{ programId: cs.id }, { programId: cs.id }]), 400, /^programs: must not list a program twice/],
      ['unknown program', intakeBody([{ programId: 987654 }]), 400, /^programs\.0\.programId: program 987654 does not exist/],
      [
        'another university’s program',
        intakeBody([{ programId: cs.id }, { programId: mining.id }]),
        400,
        new RegExp(`^programs\\.1\\.programId: program ${mining.id} is not a program of this university`),
      ],
      ['no name', intakeBody([{ programId: cs.id }], { name: ' ' }), 400, /^name: is required/],
      ['an unknown field', intakeBody([{ programId: cs.id }], { universityId: w.uniB.id }), 400, /^Unknown field: universityId/],
    ];
    for (const [label, body, status, message] of cases) {
      const res = await call(t, 'POST', `/api/universities/${w.uniA.id}/intakes`, { token: w.superuser.token, json: body });
      assert.equal(res.statusCode, status, label);
      assert.match(res.json().message, message, label);
    }
    assert.equal(await snapshot(), before);
  });

  it('refuses an overlapping intake of the same name (409 naming the field); the same name at other dates, or at another university, is fine', async () => {
    await createIntake(t, w.superuser.token, w.uniA.id, intakeBody([{ programId: cs.id }], { name: 'Overlap round', opensAt: '2027-03-01T00:00:00Z', closesAt: '2027-04-01T00:00:00Z' }));
    const before = await snapshot();
    const clash = await call(t, 'POST', `/api/universities/${w.uniA.id}/intakes`, {
      token: w.adminA.token,
      json: intakeBody([{ programId: law.id }], { name: 'overlap ROUND', opensAt: '2027-03-31T00:00:00Z', closesAt: '2027-05-01T00:00:00Z' }),
    });
    assert.equal(clash.statusCode, 409);
    assert.match(clash.json().message, /^name: another intake called "Overlap round" overlaps these dates/);
    assert.equal(await snapshot(), before);
    const later = await call(t, 'POST', `/api/universities/${w.uniA.id}/intakes`, {
      token: w.adminA.token,
      json: intakeBody([{ programId: law.id }], { name: 'Overlap round', opensAt: '2027-04-01T00:00:00Z', closesAt: '2027-05-01T00:00:00Z' }),
    });
    assert.equal(later.statusCode, 201, later.body);
    const elsewhere = await call(t, 'POST', `/api/universities/${w.uniB.id}/intakes`, {
      token: w.adminB.token,
      json: intakeBody([{ programId: mining.id }], { name: 'Overlap round', opensAt: '2027-03-01T00:00:00Z', closesAt: '2027-04-01T00:00:00Z' }),
    });
    assert.equal(elsewhere.statusCode, 201, elsewhere.body);
  });

  it('guests and applicants list open and upcoming intakes only; the university’s staff list all with their application counts', async () => {
    const closedId = await createIntake(t, w.superuser.token, w.uniA.id, intakeBody([{ programId: cs.id }], { name: 'Past round', opensAt: '2026-06-01T00:00:00Z', closesAt: '2026-07-01T00:00:00Z' }));
    await t.ctx.db.insert(applications).values(applicationRow(w.userB.id, w.uniA.id, { intakeId: closedId }));
    const byName = (list: Intake[]) => new Map(list.map((i) => [i.name, i]));

    for (const token of [undefined, w.userA.token, w.adminB.token]) {
      const res = await call(t, 'GET', `/api/universities/${w.uniA.id}/intakes`, { token });
      assert.equal(res.statusCode, 200);
      const list = res.json() as Intake[];
      assert.ok(list.length > 0);
      assert.ok(list.every((i) => i.state !== 'CLOSED' && i.applicationCount === undefined));
      assert.equal(byName(list).get('Past round'), undefined);
      assert.equal(byName(list).get('Overlap round')?.state, 'UPCOMING');
    }
    for (const token of [w.adminA.token, w.superuser.token]) {
      const list = (await call(t, 'GET', `/api/universities/${w.uniA.id}/intakes`, { token })).json() as Intake[];
      const past = byName(list).get('Past round');
      assert.equal(past?.state, 'CLOSED');
      assert.equal(past?.applicationCount, 1);
    }
    // One intake: a closed one is not found for guests, shown to its staff.
    assert.equal((await call(t, 'GET', `/api/intakes/${closedId}`)).statusCode, 404);
    assert.equal((await call(t, 'GET', `/api/intakes/${closedId}`, { token: w.adminB.token })).statusCode, 404);
    const seen = await call(t, 'GET', `/api/intakes/${closedId}`, { token: w.adminA.token });
    assert.equal(seen.statusCode, 200);
    assert.equal(seen.json().state, 'CLOSED');
    assert.equal((await call(t, 'GET', '/api/universities/999999/intakes')).statusCode, 404);
  });

  it('the state follows the clock: upcoming, then open, then closed', async () => {
    const id = await createIntake(t, w.adminA.token, w.uniA.id, intakeBody([{ programId: cs.id }], { name: 'Clock round', opensAt: '2027-06-01T00:00:00Z', closesAt: '2027-06-30T00:00:00Z' }));
    const stateNow = async () => (await call(t, 'GET', `/api/intakes/${id}`, { token: w.adminA.token })).json().state;
    try {
      assert.equal(await stateNow(), 'UPCOMING');
      clock.set('2027-06-01T00:00:00Z');
      assert.equal(await stateNow(), 'OPEN');
      clock.advance(29 * DAY - 1);
      assert.equal(await stateNow(), 'OPEN');
      clock.advance(1);
      assert.equal(await stateNow(), 'CLOSED');
      assert.equal((await call(t, 'GET', `/api/intakes/${id}`)).statusCode, 404);
    } finally {
      clock.set('2027-01-10T08:00:00.000Z');
    }
  });

  it('PUT extends, closes early and replaces programs; another university’s ADMIN gets 404 and bad input changes nothing', async () => {
    const id = await createIntake(t, w.adminA.token, w.uniA.id, intakeBody([{ programId: cs.id, capacity: 5 }], { name: 'Edit round' }));
    const extended = await call(t, 'PUT', `/api/intakes/${id}`, {
      token: w.adminA.token,
      json: intakeBody([{ programId: law.id, capacity: 3 }], { name: 'Edit round', closesAt: '2027-03-01T00:00:00Z' }),
    });
    assert.equal(extended.statusCode, 200, extended.body);
    assert.equal(extended.json().closesAt, '2027-03-01T00:00:00.000Z');
    assert.deepEqual(extended.json().programs, [{ programId: law.id, programName: 'Law', capacity: 3 }]);
    const before = await snapshot();
    for (const [token, body, status, message] of [
      [w.adminB.token, intakeBody([{ programId: law.id }], { name: 'Edit round' }), 404, /^Intake not found$/],
      [w.adminA.token, intakeBody([{ programId: mining.id }], { name: 'Edit round' }), 400, /^programs\.0\.programId: /],
      [w.adminA.token, intakeBody([{ programId: law.id }], { name: 'Edit round', closesAt: '2026-01-01T00:00:00Z' }), 400, /^closesAt: /],
      [w.adminA.token, intakeBody([{ programId: law.id }], { name: 'Open round' }), 409, /^name: /],
      [w.userA.token, intakeBody([{ programId: law.id }], { name: 'Edit round' }), 403, /permission/],
    ] as const) {
      const res = await call(t, 'PUT', `/api/intakes/${id}`, { token, json: body });
      assert.equal(res.statusCode, status, res.body);
      assert.match(res.json().message, message);
    }
    assert.equal(await snapshot(), before);
    // Closing it now: the staff sets the closing date to the present.
    const closed = await call(t, 'PUT', `/api/intakes/${id}`, {
      token: w.superuser.token,
      json: intakeBody([{ programId: law.id, capacity: 3 }], { name: 'Edit round', closesAt: clock.now().toISOString() }),
    });
    assert.equal(closed.statusCode, 200);
    assert.equal(closed.json().state, 'CLOSED');
  });

  it('deletes an intake without applications; one with applications answers 409 saying it can be closed, and stays', async () => {
    const empty = await createIntake(t, w.adminA.token, w.uniA.id, intakeBody([{ programId: cs.id }], { name: 'Empty round', opensAt: '2028-01-01T00:00:00Z', closesAt: '2028-02-01T00:00:00Z' }));
    assert.equal((await call(t, 'DELETE', `/api/intakes/${empty}`, { token: w.adminB.token })).statusCode, 404);
    const removed = await call(t, 'DELETE', `/api/intakes/${empty}`, { token: w.adminA.token });
    assert.equal(removed.statusCode, 200);
    assert.equal(removed.json().message, 'Intake deleted successfully');
    assert.equal((await t.ctx.db.select().from(intakes).where(eq(intakes.id, empty))).length, 0);

    const used = await createIntake(t, w.adminA.token, w.uniA.id, intakeBody([{ programId: cs.id }], { name: 'Used round', opensAt: '2028-03-01T00:00:00Z', closesAt: '2028-04-01T00:00:00Z' }));
    await t.ctx.db.insert(applications).values(applicationRow(w.userA.id, w.uniA.id, { intakeId: used }));
    const before = await snapshot();
    const refused = await call(t, 'DELETE', `/api/intakes/${used}`, { token: w.superuser.token });
    assert.equal(refused.statusCode, 409);
    assert.match(refused.json().message, /has applications.*Close it instead/);
    assert.equal(await snapshot(), before);
  });

  it('a program offered in an intake cannot be deleted', async () => {
    const offered = await createProgram(t, w.uniA.id, 'Offered Program');
    await createIntake(t, w.adminA.token, w.uniA.id, intakeBody([{ programId: offered.id }], { name: 'Program guard round' }));
    const res = await call(t, 'DELETE', `/api/programs/${offered.id}`, { token: w.adminA.token });
    assert.equal(res.statusCode, 409);
    const [row] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(intakePrograms)
      .where(eq(intakePrograms.programId, offered.id));
    assert.equal(Number(row!.n), 1);
  });
});
