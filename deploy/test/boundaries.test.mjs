// The architecture's import rules are lint rules; this proves they fire.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The import rules need no type information; the probes below lint files that
// do not exist, which the type-aware parser cannot place in a project.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});
const typedEslint = new ESLint({ cwd: root });

async function importErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('package boundaries', () => {
  it('a remote cannot import another remote by name or by path', async () => {
    assert.equal((await importErrors('mfe-public/src/x.ts', "import App from 'mfe-staff';\nexport { App };\n")).length, 1);
    assert.equal((await importErrors('mfe-public/src/features/x/y.ts', "import App from '../../../../mfe-staff/src/App';\nexport { App };\n")).length, 1);
    assert.equal((await importErrors('mfe-staff/src/x.ts', "import App from 'mfe-applicant/src/App';\nexport { App };\n")).length, 1);
  });

  it("a remote cannot import the shell's source", async () => {
    assert.equal((await importErrors('mfe-applicant/src/x.ts', "import Shell from 'shell/src/App';\nexport { Shell };\n")).length, 1);
  });

  it("a feature's own api/ folder is not the server", async () => {
    assert.deepEqual(await importErrors('mfe-staff/src/features/programs/components/X.tsx', "import { list } from '../api/list-programs';\nexport { list };\n"), []);
  });

  it('browser packages cannot import the server', async () => {
    for (const pkg of ['shell', 'mfe-public', 'mfe-applicant', 'mfe-staff', 'shared-api', 'shared-auth', 'page-platform']) {
      const errors = await importErrors(`${pkg}/src/x.ts`, "import { buildApp } from 'api/src/app';\nexport { buildApp };\n");
      assert.equal(errors.length, 1, `${pkg} may not import api`);
      const web = await importErrors(`${pkg}/src/x.ts`, "import { webPlatform } from 'portal-server/src/web/web-routes';\nexport { webPlatform };\n");
      assert.equal(web.length, 1, `${pkg} may not import the portal server`);
    }
  });

  it('a remote reaches the page hand-over through shared-api only, so a page has one', async () => {
    assert.equal((await importErrors('mfe-public/src/x.ts', "import { useFormHandover } from 'page-platform/handover';\nexport { useFormHandover };\n")).length, 1);
    assert.deepEqual(await importErrors('mfe-public/src/x.ts', "import { useFormHandover } from 'shared-api';\nexport { useFormHandover };\n"), []);
    assert.deepEqual(await importErrors('mfe-public/src/server.ts', "export { SERVER_RENDER_CONTRACT } from 'page-platform/render-contract';\n"), []);
  });

  it('the page platform depends on no other package of the portal', async () => {
    for (const other of ['shared-api', 'shared-auth', 'shell', 'mfe-public']) {
      assert.equal((await importErrors('page-platform/src/x.ts', `import * as other from '${other}';\nexport { other };\n`)).length, 1, other);
    }
  });

  it('only the shell writes the session store', async () => {
    assert.equal((await importErrors('mfe-staff/src/x.ts', "import { sessionWriter } from 'shared-auth';\nexport { sessionWriter };\n")).length, 1);
    assert.equal((await importErrors('shell/src/x.ts', "import { sessionWriter } from 'shared-auth';\nexport { sessionWriter };\n")).length, 0);
  });

  it('MUI is imported by path, never through the barrel', async () => {
    assert.equal((await importErrors('mfe-public/src/x.ts', "import { Button } from '@mui/material';\nexport { Button };\n")).length, 1);
    assert.equal((await importErrors('mfe-public/src/x.ts', "import Button from '@mui/material/Button';\nexport { Button };\n")).length, 0);
  });

  it('a feature cannot import another feature, and keeps the package rules', async () => {
    // Real feature folders: the rule is built from what is on disk.
    assert.equal((await importErrors('mfe-staff/src/features/programs/components/X.tsx', "import { x } from '../../courses/api/list';\nexport { x };\n")).length, 1);
    assert.equal((await importErrors('mfe-staff/src/features/programs/X.tsx', "import { x } from '../courses';\nexport { x };\n")).length, 1);
    assert.equal((await importErrors('mfe-applicant/src/features/wizard/X.tsx', "import { x } from 'src/features/profile/api';\nexport { x };\n")).length, 1);
    assert.equal((await importErrors('mfe-staff/src/features/programs/X.tsx', "import App from 'mfe-applicant';\nexport { App };\n")).length, 1, 'the package rule still holds inside a feature');
    // Inside one feature (its api/ folder included), and from the package's shared folders: allowed.
    assert.deepEqual(
      await importErrors('mfe-staff/src/features/programs/components/X.tsx', "import { y } from '../api/list';\nimport { z } from '../../../components/PagedTable';\nexport { y, z };\n"),
      [],
    );
  });

  it('a screen loads server data with the one hook, not an effect with a still-mounted flag', async () => {
    const syntaxErrors = async (filePath, code) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
      return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
    };
    const handWritten =
      "import { useEffect } from 'react';\nexport function useX(load: () => Promise<void>) {\n  useEffect(() => {\n    let live = true;\n    void load().then(() => live);\n    return () => {\n      live = false;\n    };\n  }, [load]);\n}\n";
    assert.equal(await syntaxErrors('mfe-staff/src/features/programs/X.tsx', handWritten), 1);
    assert.equal(await syntaxErrors('shell/src/components/X.tsx', handWritten), 1);
    const withHook = "import { useServerData } from 'shared-api/data';\nexport function useX(load: () => Promise<void>) {\n  return useServerData(load, [load]);\n}\n";
    assert.equal(await syntaxErrors('mfe-public/src/features/universities/X.tsx', withHook), 0);
  });

  it('the shared packages stay usable from every remote', async () => {
    const code = "import { useAuth } from 'shared-auth';\nimport { universitiesApi } from 'shared-api';\nexport { useAuth, universitiesApi };\n";
    assert.deepEqual(await importErrors('mfe-applicant/src/x.ts', code), []);
  });

  it('a promise is awaited, handled or explicitly let go (type-aware)', async () => {
    // An existing file's path, so the type-aware parser finds its project; the text is the probe's.
    const file = path.join(root, 'shell/src/lib/browser.ts');
    const floating = 'export async function load(): Promise<void> {}\nexport function start(): void {\n  load();\n}\n';
    const handled = 'export async function load(): Promise<void> {}\nexport function start(): void {\n  void load();\n}\n';
    const rules = async (code) => (await typedEslint.lintText(code, { filePath: file }))[0].messages.map((m) => m.ruleId);
    assert.deepEqual(await rules(floating), ['@typescript-eslint/no-floating-promises']);
    assert.deepEqual(await rules(handled), []);
  });
});

describe('API modules (api/src/modules, api/src/infrastructure)', () => {
  const modules = readdirSync(path.join(root, 'api/src/modules'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

  it('takes from shared-api the contract and the display helpers only, never the browser client', async () => {
    const file = 'api/src/modules/applications/export.ts';
    assert.equal((await importErrors(file, "import { applicationsApi } from 'shared-api';\nexport { applicationsApi };\n")).length, 1);
    assert.equal((await importErrors(file, "import { x } from 'shared-api/intakes';\nexport { x };\n")).length, 1);
    assert.deepEqual(await importErrors(file, "import { Phone } from 'shared-api/contract';\nimport { formatPhone } from 'shared-api/format';\nexport { Phone, formatPhone };\n"), []);
  });

  it("a module's routes call services, never its queries or the database", async () => {
    const routes = 'api/src/modules/applications/routes.ts';
    assert.equal((await importErrors(routes, "import { filesFor } from './queries';\nexport { filesFor };\n")).length, 1);
    assert.equal((await importErrors(routes, "import type { Database } from '../../infrastructure/database/client';\nexport type { Database };\n")).length, 1);
    assert.equal((await importErrors(routes, "import { sql } from 'drizzle-orm';\nexport { sql };\n")).length, 1);
    assert.equal((await importErrors(routes, "import { x } from '../drafts/service';\nexport { x };\n")).length, 1, 'the module rule still holds in a routes file');
    // Its own service files, another module's index and the HTTP infrastructure: allowed.
    assert.deepEqual(
      await importErrors(
        routes,
        "import { submitApplication } from './submission';\nimport { endDraft } from '../drafts';\nimport { callerOf } from '../../infrastructure/http/access';\nexport { submitApplication, endDraft, callerOf };\n",
      ),
      [],
    );
    // A service file keeps its SQL next to it.
    assert.deepEqual(await importErrors('api/src/modules/applications/submission.ts', "import { insertApplication } from './queries';\nexport { insertApplication };\n"), []);
  });

  it("a module reaches another only through that module's index.ts", async () => {
    const file = 'api/src/modules/applications/submission.ts';
    assert.equal((await importErrors(file, "import { endDraft } from '../drafts/service';\nexport { endDraft };\n")).length, 1);
    assert.equal((await importErrors(file, "import { findDraft } from '../drafts/queries';\nexport { findDraft };\n")).length, 1);
    assert.equal((await importErrors('api/src/modules/payments/sandbox.ts', "import { audit } from '../../modules/audit/service';\nexport { audit };\n")).length, 1);
    assert.deepEqual(await importErrors(file, "import { endDraft } from '../drafts';\nimport { audit } from '../audit/index';\nexport { endDraft, audit };\n"), []);
  });

  it('infrastructure never imports a module', async () => {
    assert.equal((await importErrors('api/src/infrastructure/mail/outbox.ts', "import { audit } from '../../modules/audit';\nexport { audit };\n")).length, 1);
    assert.equal((await importErrors('api/src/infrastructure/http/access.ts', "import { sessionChecker } from '../../modules/auth';\nexport { sessionChecker };\n")).length, 1);
    assert.deepEqual(await importErrors('api/src/infrastructure/http/access.ts', "import { forbidden } from '../../errors';\nexport { forbidden };\n"), []);
  });

  it('only app.ts, the composition root, wires modules together', async () => {
    const code = "import { authRoutes } from './modules/auth';\nexport { authRoutes };\n";
    assert.deepEqual(await importErrors('api/src/app.ts', code), []);
    assert.equal((await importErrors('api/src/server.ts', code)).length, 1);
    assert.equal((await importErrors('api/src/tools/backup.ts', "import { DEMO_LOGINS } from '../modules/demo';\nexport { DEMO_LOGINS };\n")).length, 1);
    assert.equal((await importErrors('api/src/serve.ts', "import { auditRoutes } from './modules/audit';\nexport { auditRoutes };\n")).length, 1);
    // Inside the modules: another module's route registrars and jobs are app.ts's to wire.
    assert.equal((await importErrors('api/src/modules/users/routes.ts', "import { draftRoutes } from '../drafts';\nexport { draftRoutes };\n")).length, 1);
    assert.equal((await importErrors('api/src/modules/users/service.ts', "import { startStaleDraftSweep } from '../drafts';\nexport { startStaleDraftSweep };\n")).length, 1);
  });

  it('every module folder on disk is covered the day it exists', async () => {
    assert.ok(modules.length >= 10, `modules found: ${modules.join(', ')}`);
    for (const module of modules) {
      const other = modules.find((m) => m !== module);
      const errors = await importErrors(`api/src/modules/${other}/x.ts`, `import { x } from '../${module}/service';\nexport { x };\n`);
      assert.equal(errors.length, 1, `${other} cannot reach into ${module}`);
      assert.equal((await importErrors(`api/src/modules/${module}/routes.ts`, "import { x } from './queries';\nexport { x };\n")).length, 1, `${module}'s routes cannot read its queries`);
    }
  });
});
