/**
 * No log line of the whole API test run carries a password hash, a session
 * or reset token, a reset link, a failed query's parameters, a password or a
 * document number (issue 21 finding 5). security/log-safety.test.ts provokes
 * the failures that once leaked them in one app; this file, run by
 * test/run.mjs after all the others have finished, searches what every test
 * app of the run wrote (see RUN_LOG_FILE):
 * thousands of requests, of every kind the other tests make.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { call, createUser, DEFAULT_PASSWORD } from './helpers/fixtures';
import { RUN_LOG_FILE, startTestApp, type TestApp } from './helpers/test-app';

describe('log hygiene over the whole API test run', () => {
  let t: TestApp;
  let sessionToken: string;

  before(async () => {
    // Run alone, the file still has something to search: a sign-in of each outcome.
    t = await startTestApp();
    const applicant = await createUser(t, 'USER');
    sessionToken = applicant.token;
    await call(t, 'POST', '/api/auth/login', { json: { email: applicant.email, password: 'Wrong-Password-9' } });
    await call(t, 'GET', `/api/users/${applicant.id}`, { token: applicant.token });
  });
  let passed = false;
  after(async () => {
    await t.close();
    // Kept when a leak was found, to be read; removed otherwise (it grows with every run).
    if (passed) rmSync(RUN_LOG_FILE, { force: true });
  });

  it('has lines to search: every test app of the run logs to one file', () => {
    assert.ok(existsSync(RUN_LOG_FILE), RUN_LOG_FILE);
    const lines = readFileSync(RUN_LOG_FILE, 'utf8').split('\n').filter(Boolean);
    assert.ok(lines.length >= 4, `${lines.length} lines`);
    for (const line of lines.slice(0, 50)) JSON.parse(line);
  });

  it('finds no hash, token, reset link, query parameter, password or document number in any line', () => {
    const text = readFileSync(RUN_LOG_FILE, 'utf8');
    const forbidden: Array<[string, RegExp]> = [
      ['an argon2 password hash', /\$argon2(id|i|d)\$/],
      ['a signed token (JWT)', /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]+/],
      ["this run's session token", new RegExp(sessionToken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
      ['a reset link or token in a query string', /[?&](token|reset)=[\w-]{16,}/i],
      // A failed query's SQL is ours and may be logged; the values after it ('\nparams: …', escaped in JSON) are the caller's.
      ["a failed query's parameters", /\\nparams:/],
      ['an NRC number', /\b\d{6}\/\d{2}\/\d\b/],
      ['a test password', new RegExp(`${DEFAULT_PASSWORD}|Wrong-Password-9`)],
    ];
    // A leak is named by its line's message, never quoted: the report would leak it again.
    const messageOf = (line: string) => /"msg":"([^"]{0,80})/.exec(line)?.[1] ?? '';
    const leaks = text.split('\n').flatMap((line, index) => forbidden.filter(([, pattern]) => pattern.test(line)).map(([what]) => `line ${index + 1} (${messageOf(line)}): ${what}`));
    passed = leaks.length === 0;
    assert.deepEqual(leaks.slice(0, 10), []);
  });
});
