// The architecture's import rules are lint rules; this proves they fire.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: root });

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

  it('browser packages cannot import the server', async () => {
    for (const pkg of ['shell', 'mfe-public', 'mfe-applicant', 'mfe-staff', 'shared-api', 'shared-auth']) {
      const errors = await importErrors(`${pkg}/src/x.ts`, "import { buildApp } from 'api/src/app';\nexport { buildApp };\n");
      assert.equal(errors.length, 1, `${pkg} may not import api`);
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

  it('the shared packages stay usable from every remote', async () => {
    const code = "import { useAuth } from 'shared-auth';\nimport { universitiesApi } from 'shared-api';\nexport { useAuth, universitiesApi };\n";
    assert.deepEqual(await importErrors('mfe-applicant/src/x.ts', code), []);
  });
});
