/**
 * Page-weight budgets in CI (issue 8): the gzipped JavaScript each budgeted page
 * downloads before it is usable, measured in headless Chromium exactly as the
 * benchmark does (bench/page-weight.mjs), must stay under the ceilings in
 * deploy/page-weight-budgets.json, and no page may download another audience's
 * remote. Byte counts of a build do not vary between runs, so this is a fixed
 * check, not a timing.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FOREIGN_REMOTES, measurePage, PAGES } from '../../bench/page-weight.mjs';
import { launchBrowser, REPO_ROOT, startPortal } from './harness.mjs';

const { budgets } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy', 'page-weight-budgets.json'), 'utf8'));
const DEMO = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy', 'demo-logins.json'), 'utf8')).logins;
const LOGIN_OF = { applicant: DEMO.find((l) => l.role === 'USER'), superuser: DEMO.find((l) => l.role === 'SUPERUSER') };

describe('page-weight budgets', () => {
  let portal;
  let browser;
  const tokens = {};
  before(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    for (const [who, { email, password }] of Object.entries(LOGIN_OF)) {
      const res = await fetch(`${portal.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      assert.equal(res.status, 200, `${email} signs in`);
      tokens[who] = (await res.json()).token;
    }
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('has a ceiling for every budgeted page', () => {
    assert.deepEqual(Object.keys(budgets).sort(), PAGES.map((p) => p.name).sort());
  });

  for (const page of PAGES) {
    it(`${page.name}: within its ceiling, and nothing of another audience's remote`, async (t) => {
      const { bytes, scripts } = await measurePage(browser, portal.url, page, tokens);
      t.diagnostic(`${page.name}: ${bytes} bytes gzipped in ${scripts.length} scripts (ceiling ${budgets[page.name]})`);
      assert.ok(scripts.length > 0, `${page.name}: no script was measured, so the figure would say nothing`);
      const foreign = scripts.filter((s) => FOREIGN_REMOTES[page.audience].some((remote) => s.url.includes(`/remotes/${remote}/`)));
      assert.deepEqual(
        foreign.map((s) => s.url),
        [],
        'scripts of another audience',
      );
      const heaviest = [...scripts]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 5)
        .map((s) => `${new URL(s.url).pathname} ${s.gzip}`);
      assert.ok(bytes <= budgets[page.name], `${bytes} bytes of gzipped JavaScript, ceiling ${budgets[page.name]} (heaviest: ${heaviest.join(', ')})`);
    });
  }
});
