import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { courses, intakes, programs, settings, universities, users } from '../src/infrastructure/database/schema';
import { bootstrapData, DEMO_LOGINS, DEMO_SETTING_KEY } from '../src/modules/demo';
import { call } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const SU_EMAIL = 'Root@Portal.test';
const SU_PASSWORD = 'Zambezi-Sunrise-88';

describe('start-up data: first superuser and demo data', () => {
  let t: TestApp;
  async function tokenOfAdmin(university: string): Promise<string> {
    const login = DEMO_LOGINS.find((l) => l.role === 'ADMIN' && l.university === university)!;
    return (await call(t, 'POST', '/api/auth/login', { json: { email: login.email, password: login.password } })).json().token;
  }
  before(async () => {
    t = await startTestApp({ PORTAL_DEMO_DATA: 'true', PORTAL_SUPERUSER_EMAIL: SU_EMAIL, PORTAL_SUPERUSER_PASSWORD: SU_PASSWORD });
  });
  after(() => t.close());

  it('creates the configured superuser, who can sign in', async () => {
    const rows = await t.ctx.db.select().from(users).where(eq(users.email, SU_EMAIL.toLowerCase()));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.role, 'SUPERUSER');
    const res = await call(t, 'POST', '/api/auth/login', { json: { email: SU_EMAIL, password: SU_PASSWORD } });
    assert.equal(res.statusCode, 200);
  });

  it('loads real Zambian universities in their towns', async () => {
    const rows = await t.ctx.db.select().from(universities);
    const towns = Object.fromEntries(rows.map((u) => [u.name, u.location]));
    assert.deepEqual(towns, {
      'University of Zambia': 'Lusaka',
      'Copperbelt University': 'Kitwe',
      'Mulungushi University': 'Kabwe',
      'University of Lusaka': 'Lusaka',
      'Mukuba University': 'Kitwe',
    });
    for (const u of rows) {
      assert.match(u.website ?? '', /^https:\/\//);
      assert.ok((u.about ?? '').length > 120, `${u.name} has an about text`);
      assert.ok(u.contactInfo, `${u.name} has contact info`);
    }
  });

  it('gives each university 3 to 4 programs and each program 3 to 5 courses', async () => {
    const unis = await t.ctx.db.select().from(universities);
    for (const u of unis) {
      const ps = await t.ctx.db.select().from(programs).where(eq(programs.universityId, u.id));
      assert.ok(ps.length >= 3 && ps.length <= 4, `${u.name}: ${ps.length} programs`);
      for (const p of ps) {
        assert.ok(p.faculty && p.requirements && p.careerOpportunities && p.durationYears >= 1, p.name);
        const [{ value }] = (await t.ctx.db.select({ value: count() }).from(courses).where(eq(courses.programId, p.id))) as [{ value: number }];
        assert.ok(Number(value) >= 3 && Number(value) <= 5, `${p.name}: ${value} courses`);
      }
    }
  });

  it('gives each university one open intake closing in about a month, offering every program (some with places), and one closed; UNZA’s has the fee table', async () => {
    const unis = await t.ctx.db.select().from(universities);
    for (const u of unis) {
      const res = await call(t, 'GET', `/api/universities/${u.id}/intakes`, { token: await tokenOfAdmin(u.name) });
      assert.equal(res.statusCode, 200);
      const list = res.json() as { state: string; opensAt: string; closesAt: string; programs: { capacity: number | null }[]; fees: unknown[] }[];
      assert.deepEqual(list.map((i) => i.state).sort(), ['CLOSED', 'OPEN'], u.name);
      const open = list.find((i) => i.state === 'OPEN')!;
      const daysLeft = (Date.parse(open.closesAt) - Date.now()) / (24 * 60 * 60 * 1000);
      assert.ok(daysLeft > 25 && daysLeft <= 31, `${u.name}: ${daysLeft} days left`);
      const offered = await t.ctx.db.select().from(programs).where(eq(programs.universityId, u.id));
      assert.equal(open.programs.length, offered.length);
      assert.ok(open.programs.some((p) => p.capacity !== null) && open.programs.some((p) => p.capacity === null));
      assert.ok(Date.parse(open.opensAt) <= Date.now(), `${u.name}: the open intake has opened`);
      const guest = await call(t, 'GET', `/api/universities/${u.id}/intakes`);
      assert.deepEqual(
        (guest.json() as { state: string }[]).map((i) => i.state),
        ['OPEN'],
        `${u.name}: a guest sees the open intake only`,
      );
      const closed = list.find((i) => i.state === 'CLOSED')!;
      assert.ok(Date.parse(closed.closesAt) < Date.now(), `${u.name}: the closed intake closed in the past`);
      assert.deepEqual(closed.fees, [], `${u.name}: the closed intake charges the default fee`);
      if (u.name !== 'University of Zambia') assert.deepEqual(open.fees, [], `${u.name}: only UNZA has a fee table; the others charge the default fee`);
      else {
        assert.deepEqual(open.fees, [
          { category: 'ZAMBIAN', amount: 150, currency: 'ZMW' },
          { category: 'SADC', amount: 60, currency: 'USD' },
          { category: 'INTERNATIONAL', amount: 60, currency: 'USD' },
        ]);
      }
    }
    assert.equal((await t.ctx.db.select().from(intakes)).length, unis.length * 2);
  });

  it('every demo login signs in with its role (one ADMIN per university)', async () => {
    assert.equal(DEMO_LOGINS.filter((l) => l.role === 'ADMIN').length, 5);
    assert.equal(DEMO_LOGINS.filter((l) => l.role === 'SUPERUSER').length, 1);
    assert.equal(DEMO_LOGINS.filter((l) => l.role === 'USER').length, 1);
    const unis = await t.ctx.db.select().from(universities);
    for (const login of DEMO_LOGINS) {
      const res = await call(t, 'POST', '/api/auth/login', { json: { email: login.email, password: login.password } });
      assert.equal(res.statusCode, 200, login.email);
      const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
      assert.equal(claims.role, login.role);
      if (login.role === 'ADMIN') assert.equal(claims.universityId, unis.find((u) => u.name === login.university)!.id);
    }
  });

  it('is idempotent: a second start adds nothing', async () => {
    const before = await t.ctx.db.select({ value: count() }).from(users);
    const result = await bootstrapData(t.ctx);
    assert.deepEqual(result, { superuserCreated: false, demoLoaded: false });
    const afterCount = await t.ctx.db.select({ value: count() }).from(users);
    assert.equal(Number(afterCount[0]!.value), Number(before[0]!.value));
    assert.equal((await t.ctx.db.select().from(universities)).length, 5);
    const marker = await t.ctx.db.select().from(settings).where(eq(settings.key, DEMO_SETTING_KEY));
    assert.equal(marker.length, 1);
  });
});

describe('start-up data: off by default in tests', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('loads no demo data and creates no superuser without configuration', async () => {
    assert.equal((await t.ctx.db.select().from(universities)).length, 0);
    assert.equal((await t.ctx.db.select().from(users)).length, 0);
  });
});
