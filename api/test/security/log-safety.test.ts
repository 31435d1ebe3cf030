/**
 * No log line carries a secret or a document number (issue 21, finding 5).
 * A running app logs at the most verbose level into memory while it serves
 * ordinary and hostile traffic: registration (also with a NUL in a name, the
 * request that used to log the failed INSERT with its argon2 hash), sign-in,
 * applications with NRC numbers (also with a NUL), staff searches for an NRC,
 * password resets, malformed uploads, bad dates, and a failing database query
 * whose parameters hold a hash and an NRC. Then every captured line is
 * searched for password hashes, JWTs, bearer tokens, the reset token, the NRC
 * numbers used and the values of query strings.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { desc, eq, sql } from 'drizzle-orm';
import { mailOutbox, users } from '../../src/infrastructure/database/schema';
import { unseal } from '../../src/infrastructure/security/sealed';
import { settleMail } from '../../src/infrastructure/mail/outbox';
import { applicationJson, postMultipart, sampleDocuments, submitOk } from '../fixtures/applications';
import { call } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createFullWorld, NRC_A, NRC_B, type FullWorld } from '../helpers/world-full';

const NEW_NRC = '765432/76/1';
const PASSPORT = 'ZN4417731';
const SEARCH_MARKER = 'Searchmarkerq';
const NEW_PASSWORD = 'Another-Passphrase-58';

describe('the log never carries a secret or a document number', () => {
  let t: TestApp;
  let w: FullWorld;
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  /** Checked last, so the log is searched even when the server still answers these with a 500. */
  const refusals: Array<[string, number, string]> = [];

  before(async () => {
    t = await startTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line: string) => void lines.push(line) } });
    w = await createFullWorld(t);
  });
  after(async () => t.close());

  it('serves ordinary and hostile traffic with the log at trace level', async () => {
    const staff = { authorization: `Bearer ${w.superuser.token}` };
    // Registration: refused with a NUL in a name (400, not a failed INSERT), then done properly.
    const person = { firstName: 'Mwila', lastName: 'Kapembwa', email: 'mwila.k@example.test', phone: '+260 977 123 456', password: 'First-Passphrase-41' };
    const nul = await call(t, 'POST', '/api/auth/register', { json: { ...person, firstName: 'Mwi\u0000la' } });
    refusals.push(['register with a NUL', nul.statusCode, nul.json().message]);
    const registered = await call(t, 'POST', '/api/auth/register', { json: person });
    assert.ok(registered.statusCode < 300, registered.body);
    const login = await call(t, 'POST', '/api/auth/login', { json: { email: person.email, password: person.password } });
    assert.equal(login.statusCode, 200, login.body);
    const token = login.json().token as string;
    secrets.set('login token', token);

    // Applications with document numbers: a NUL beside the NRC is refused; a passport number goes through.
    const refused = await postMultipart(t, token, [
      { name: 'application', value: JSON.stringify(applicationJson([w.programA1.id], { email: person.email, nationalRegNumber: NEW_NRC, city: 'Lu\u0000saka' })) },
      ...sampleDocuments(),
    ]);
    refusals.push(['application with a NUL', refused.statusCode, refused.json().message]);
    await submitOk(t, token, [w.programA1.id], { email: person.email, nationalRegNumber: PASSPORT });
    const badUpload = await t.app.inject({ method: 'POST', url: '/api/applications', headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data' }, payload: NEW_NRC });
    refusals.push(['multipart without a boundary', badUpload.statusCode, badUpload.json().message]);

    // Staff searches: by NRC, by name, with a NUL and with impossible dates.
    for (const query of [
      `search=${encodeURIComponent(NRC_A)}&page=1`,
      `search=${SEARCH_MARKER}&page=1`,
      `search=${encodeURIComponent(NRC_B)}%00`,
      'from=2024-13-01',
      `to=9999-12-31&search=${SEARCH_MARKER}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/applications?${query}`, headers: staff });
      assert.ok(res.statusCode === 200 || res.statusCode === 400, `${query}: ${res.statusCode}`);
      await t.app.inject({ method: 'GET', url: `/api/applications/export.csv?${query}`, headers: staff });
      await t.app.inject({ method: 'GET', url: `/api/users?${query.replace(/&?(from|to)=[^&]*/g, '')}`, headers: staff });
    }

    // A password reset, start to end.
    assert.equal((await call(t, 'POST', '/api/auth/request-reset', { json: { email: person.email } })).statusCode, 200);
    await settleMail(t.ctx);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, person.email)).orderBy(desc(mailOutbox.id)).limit(1);
    // The outbox keeps a reset mail sealed; the test opens it as the mail sender does.
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(unseal(t.config.jwt.secret, mail!.text))![1]!;
    secrets.set('reset token', resetToken);
    await t.app.inject({ method: 'GET', url: `/reset-password/${resetToken}` });
    await call(t, 'POST', '/api/auth/reset-password', { json: { token: `${resetToken}x`, newPassword: NEW_PASSWORD } });
    const reset = await call(t, 'POST', '/api/auth/reset-password', { json: { token: resetToken, newPassword: NEW_PASSWORD } });
    assert.equal(reset.statusCode, 200, reset.body);

    // Junk and forged bearer tokens.
    const forged = `${w.userA.token.slice(0, -6)}AAAAAA`;
    secrets.set('forged token', forged);
    await t.app.inject({ method: 'GET', url: '/api/applications', headers: { authorization: `Bearer ${forged}` } });
    await t.app.inject({ method: 'GET', url: `/api/users?token=${w.adminA.token}`, headers: staff });

    // The database error path: a failed query whose parameters hold a hash and an NRC, logged as the error handler does.
    const [row] = await t.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, person.email));
    const failure = await t.ctx.db.execute(sql`select ${row!.hash}::int, ${NEW_NRC}::int`).then(
      () => null,
      (error: unknown) => error,
    );
    assert.ok(failure instanceof Error, 'the query failed');
    assert.match(String(failure.message), /params:/, 'drizzle put the parameters in the message');
    t.app.log.error({ err: failure }, 'unhandled error');
  });

  it('no captured line holds a hash, a token, a reset link, a document number or a query value', async () => {
    assert.ok(lines.length >= 50, `only ${lines.length} log lines: is the log captured?`);
    const hashes = (await t.ctx.db.select({ hash: users.passwordHash }).from(users)).map((r) => r.hash);
    assert.ok(hashes.every((h) => h.startsWith('$argon2')));
    const forbidden: Array<[string, string | RegExp]> = [
      ['an argon2 hash', '$argon2'],
      ['a JWT', /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./],
      ['a bearer credential', /Bearer\s+\S/i],
      ['a reset link', /\/reset-password\/(?!\[redacted\])/],
      ['failed-query parameters', /params:/],
      ['NRC of applicant A', NRC_A],
      ['NRC of applicant B', NRC_B],
      ['the refused NRC', NEW_NRC],
      ['the passport number', PASSPORT],
      ['a searched name', SEARCH_MARKER.toLowerCase()],
      ...hashes.map((h, i): [string, string] => [`password hash ${i}`, h.slice(-30)]),
      ...[...secrets].map(([label, value]): [string, string] => [label, value.slice(-24)]),
      ...[w.superuser, w.adminA, w.userA].map((u): [string, string] => [`token of ${u.email}`, u.token.slice(-24)]),
    ];
    const found: string[] = [];
    for (const line of lines) {
      const lower = line.toLowerCase();
      for (const [label, pattern] of forbidden) {
        const hit = typeof pattern === 'string' ? (label === 'a searched name' ? lower.includes(pattern) : line.includes(pattern)) : pattern.test(line);
        if (hit) found.push(`${label}: ${line.slice(0, 300)}`);
      }
    }
    assert.deepEqual(found, []);
  });

  it('answered the hostile requests with a 400 naming the problem', () => {
    assert.deepEqual(
      refusals.map(([label, status, message]) => [label, status, /^(firstName|city): must not contain control characters$|^The upload could not be read/.test(message)]),
      refusals.map(([label]) => [label, 400, true]),
    );
  });
});
