import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { applicationFiles } from '../src/infrastructure/database/schema';
import * as contract from 'shared-api/contract';
import { contentDisposition, cleanFileName } from '../src/infrastructure/http/uploads';
import { LocalFolderStorage, StorageNotFoundError, storageFor } from '../src/infrastructure/storage';
import { createProgram, multipartBody, sampleDocuments, submit, submitOk } from './fixtures/applications';
import { samplePdf, samplePng } from './fixtures/samples';
import { call, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const { ApplicationFile } = contract;

describe('local folder storage', () => {
  let root: string;
  let storage: LocalFolderStorage;
  before(() => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-storage-'));
    storage = new LocalFolderStorage(root);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const read = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('puts, gets and deletes, hashing while it writes', async () => {
    const bytes = samplePdf(200_000);
    const stored = await storage.put('applications/202611/abc-123', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
    assert.equal(stored.size, bytes.length);
    assert.equal(stored.sha256, createHash('sha256').update(bytes).digest('hex'));
    assert.deepEqual(await read(await storage.get('applications/202611/abc-123')), bytes);
    await storage.delete('applications/202611/abc-123');
    await assert.rejects(storage.get('applications/202611/abc-123'), StorageNotFoundError);
    await storage.delete('applications/202611/abc-123');
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../escape', '/etc/passwd', 'a/../../b', 'A/B', 'a b', 'a\\b', '', 'a//b', 'a/.hidden']) {
      await assert.rejects(storage.put(key, Readable.from([Buffer.from('x')])), /Invalid storage key/, key);
      await assert.rejects(storage.get(key), /Invalid storage key/, key);
    }
  });

  it('leaves nothing behind when the source stream fails', async () => {
    async function* failing() {
      yield Buffer.from('partial data');
      throw new Error('client went away');
    }
    await assert.rejects(storage.put('applications/202611/broken', failing()), /client went away/);
    assert.deepEqual(
      readdirSync(path.join(root, 'applications', '202611')).filter((n) => n.startsWith('broken')),
      [],
    );
  });
});

describe('file names and dispositions', () => {
  it('cleans upload names and gives them the extension of their real type', () => {
    assert.equal(cleanFileName('..\\..\\evil"na;me<>.pdf', 'pdf', 'document'), 'evilname.pdf');
    assert.equal(cleanFileName('../../etc/passwd', 'png', 'document'), 'passwd.png');
    assert.equal(cleanFileName('photo.pdf', 'png', 'document'), 'photo.png');
    assert.equal(cleanFileName('', 'jpg', 'document'), 'document.jpg');
    assert.equal(cleanFileName('.htaccess', 'pdf', 'document'), 'htaccess.pdf');
    assert.equal(cleanFileName('a\r\nb:c.pdf', 'pdf', 'document'), 'abc.pdf');
    assert.equal(cleanFileName('x.pdf\r\nContent-Type: text/html', 'pdf', 'document'), 'html.pdf');
  });

  it('sends PDFs as attachments and images inline, with a safe ASCII name and the exact UTF-8 one', () => {
    assert.equal(contentDisposition('application/pdf', 'résumé.pdf'), `attachment; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`);
    assert.equal(contentDisposition('image/png', 'scan.png'), `inline; filename="scan.png"; filename*=UTF-8''scan.png`);
  });
});

describe('/api/files', () => {
  let t: TestApp;
  let w: World;
  let applicationId: number;
  let files: ReturnType<typeof ApplicationFile.parse>[];

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    const program = await createProgram(t, w.uniA.id);
    const docs = sampleDocuments();
    docs[1] = { name: 'files', value: samplePng(), filename: 'résumé scan.pdf', contentType: 'application/pdf' };
    docs[2] = { name: 'files', value: samplePdf(), filename: '../../secret results<>.pdf', contentType: 'application/pdf' };
    const res = await submit(t, w.userA.token, [program.id], {}, docs);
    assert.equal(res.statusCode, 201, res.body);
    applicationId = res.json().id;
    files = res.json().application.files;
  });
  after(() => t.close());

  it('lists the files of an application for its applicant and staff in reach', async () => {
    for (const token of [w.userA.token, w.adminA.token, w.superuser.token]) {
      const res = await call(t, 'GET', `/api/files/application/${applicationId}`, { token });
      assert.equal(res.statusCode, 200);
      const list = res.json();
      assert.equal(list.length, 4);
      for (const f of list) ApplicationFile.parse(f);
      assert.deepEqual(
        list.map((f: { documentType: string }) => f.documentType),
        ['NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS', 'CERTIFICATE'],
      );
      assert.deepEqual(
        list.map((f: { fileName: string }) => f.fileName),
        ['nrc-front.jpg', 'résumé scan.png', 'secret results.pdf', 'certificate.webp'],
      );
    }
    for (const token of [w.userB.token, w.adminB.token]) {
      const res = await call(t, 'GET', `/api/files/application/${applicationId}`, { token });
      assert.equal(res.statusCode, 404);
    }
    assert.equal((await call(t, 'GET', '/api/files/application/999999', { token: w.superuser.token })).statusCode, 404);
  });

  it('downloads a PDF as an attachment with its stored type, nosniff and no caching', async () => {
    const pdf = files.find((f) => f.documentType === 'ACADEMIC_RESULTS')!;
    const res = await call(t, 'GET', pdf.url, { token: w.adminA.token });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.headers['content-disposition'], `attachment; filename="secret results.pdf"; filename*=UTF-8''secret%20results.pdf`);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['cache-control'], 'private, no-store');
    assert.deepEqual(res.rawPayload, samplePdf());
  });

  it('serves images inline under their real type, whatever the upload claimed', async () => {
    const png = files.find((f) => f.documentType === 'NRC_BACK')!;
    const res = await call(t, 'GET', png.url, { token: w.userA.token });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/png');
    assert.match(String(res.headers['content-disposition']), /^inline; filename="r_sum_ scan.png"/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.deepEqual(res.rawPayload, samplePng());
  });

  it('hides files from everyone outside the application (404) and from guests (401)', async () => {
    const url = files[0]!.url;
    assert.equal((await call(t, 'GET', url)).statusCode, 401);
    for (const token of [w.userB.token, w.adminB.token]) {
      const res = await call(t, 'GET', url, { token });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { message: 'File not found', error: 'Not Found' });
    }
    assert.equal((await call(t, 'GET', '/api/files/999999', { token: w.superuser.token })).statusCode, 404);
    assert.equal((await call(t, 'GET', '/api/files/..%2F..%2Fetc%2Fpasswd', { token: w.superuser.token })).statusCode, 400);
  });

  it('answers 404 when storage lost the object', async () => {
    const id = await submitOk(t, w.userA.token, [(await createProgram(t, w.uniA.id)).id]);
    const [row] = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, id)).limit(1);
    await storageFor(t.config.storage).delete(row!.storageKey);
    const res = await call(t, 'GET', `/api/files/${row!.id}`, { token: w.userA.token });
    assert.equal(res.statusCode, 404);
  });

  it('keeps stored files outside any served path, under the data folder', () => {
    assert.equal(t.config.storage.kind, 'local');
    if (t.config.storage.kind !== 'local') return;
    assert.ok(t.config.storage.dir.startsWith(t.dataDir));
    assert.ok(existsSync(path.join(t.config.storage.dir, 'applications')));
  });
});

/* ---------- authorization table ---------- */

type Who = 'guest' | 'owner' | 'otherUser' | 'adminSame' | 'adminOther' | 'superuser';
const WHO: Who[] = ['guest', 'owner', 'otherUser', 'adminSame', 'adminOther', 'superuser'];

interface Row {
  method: string;
  route: string;
  expect: Record<Who, number>;
  /** For lists: whether the owner's application is in the answer. */
  sees?: Partial<Record<Who, boolean>>;
}

const TABLE: Row[] = [
  // otherUser tries to apply in the owner's name (userId of the owner).
  { method: 'POST', route: '/api/applications', expect: { guest: 401, owner: 201, otherUser: 400, adminSame: 403, adminOther: 403, superuser: 403 } },
  {
    method: 'GET',
    route: '/api/applications',
    expect: { guest: 401, owner: 403, otherUser: 403, adminSame: 200, adminOther: 200, superuser: 200 },
    sees: { adminSame: true, adminOther: false, superuser: true },
  },
  {
    method: 'GET',
    route: '/api/applications/export.csv',
    expect: { guest: 401, owner: 403, otherUser: 403, adminSame: 200, adminOther: 200, superuser: 200 },
    sees: { adminSame: true, adminOther: false, superuser: true },
  },
  {
    method: 'GET',
    route: '/api/applications/user/:userId',
    expect: { guest: 401, owner: 200, otherUser: 403, adminSame: 200, adminOther: 200, superuser: 200 },
    sees: { owner: true, adminSame: true, adminOther: false, superuser: true },
  },
  { method: 'GET', route: '/api/applications/:id', expect: { guest: 401, owner: 200, otherUser: 404, adminSame: 200, adminOther: 404, superuser: 200 } },
  { method: 'PUT', route: '/api/applications/:id', expect: { guest: 401, owner: 403, otherUser: 403, adminSame: 200, adminOther: 404, superuser: 200 } },
  // The cells' applications are unpaid, so nobody has a receipt to read; who may
  // read a paid one is proven in security/authorization-table.ts.
  { method: 'GET', route: '/api/applications/:id/receipt', expect: { guest: 401, owner: 404, otherUser: 404, adminSame: 404, adminOther: 404, superuser: 404 } },
  { method: 'GET', route: '/api/applications/:id/receipt.pdf', expect: { guest: 401, owner: 404, otherUser: 404, adminSame: 404, adminOther: 404, superuser: 404 } },
  // A code nobody made: the owner is told it is not valid (400), nobody else reaches the application.
  { method: 'POST', route: '/api/applications/:id/fee-waiver', expect: { guest: 401, owner: 400, otherUser: 404, adminSame: 403, adminOther: 403, superuser: 403 } },
  { method: 'GET', route: '/api/files/application/:applicationId', expect: { guest: 401, owner: 200, otherUser: 404, adminSame: 200, adminOther: 404, superuser: 200 } },
  { method: 'GET', route: '/api/files/:fileId', expect: { guest: 401, owner: 200, otherUser: 404, adminSame: 200, adminOther: 404, superuser: 200 } },
  // Issue 17: document checks (staff in reach), the owner's replacement of a rejected document, reviewer notes (staff in reach only).
  { method: 'PUT', route: '/api/applications/:id/documents/:documentId', expect: { guest: 401, owner: 403, otherUser: 403, adminSame: 200, adminOther: 404, superuser: 200 } },
  { method: 'POST', route: '/api/applications/:id/documents/:documentId', expect: { guest: 401, owner: 200, otherUser: 404, adminSame: 403, adminOther: 403, superuser: 403 } },
  { method: 'GET', route: '/api/applications/:id/notes', expect: { guest: 401, owner: 403, otherUser: 403, adminSame: 200, adminOther: 404, superuser: 200 } },
  { method: 'POST', route: '/api/applications/:id/notes', expect: { guest: 401, owner: 403, otherUser: 403, adminSame: 201, adminOther: 404, superuser: 201 } },
  // Issue 17 queues: who can be assigned (staff; an ADMIN always gets its own university's), assigning one, and bulk.
  { method: 'GET', route: '/api/applications/assignees', expect: { guest: 401, owner: 403, otherUser: 403, adminSame: 200, adminOther: 200, superuser: 200 } },
  { method: 'PUT', route: '/api/applications/:id/assignee', expect: { guest: 401, owner: 403, otherUser: 403, adminSame: 200, adminOther: 404, superuser: 200 } },
  { method: 'POST', route: '/api/applications/bulk', expect: { guest: 401, owner: 403, otherUser: 403, adminSame: 200, adminOther: 404, superuser: 200 } },
  // Issue 17: the offer and letters of an application (none yet here): its applicant and staff in reach.
  { method: 'GET', route: '/api/applications/:id/offer', expect: { guest: 401, owner: 200, otherUser: 404, adminSame: 200, adminOther: 404, superuser: 200 } },
];

/** Every (method, path) fastify knows under the given prefixes, read from its route tree. */
function registeredRoutes(tree: string, prefixes: string[]): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]*)\)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (depth > 0 ? (stack[depth - 1] ?? '') : '') + match[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD' && prefixes.some((p) => full.startsWith(p))) out.push(`${method} ${full}`);
  }
  return out.sort();
}

describe('authorization table: applications and files routes', () => {
  let t: TestApp;
  let w: World;
  let programId: number;
  let tokens: Record<Who, string | undefined>;

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    programId = (await createProgram(t, w.uniA.id)).id;
    tokens = { guest: undefined, owner: w.userA.token, otherUser: w.userB.token, adminSame: w.adminA.token, adminOther: w.adminB.token, superuser: w.superuser.token };
  });
  after(() => t.close());

  it('has a row for every route the app registers under /api/applications and /api/files', () => {
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }), ['/api/applications', '/api/files']);
    assert.ok(registered.length >= TABLE.length);
    assert.deepEqual(registered, TABLE.map((r) => `${r.method} ${r.route}`).sort());
  });

  for (const row of TABLE) {
    for (const who of WHO) {
      it(`${row.method} ${row.route} as ${who} → ${row.expect[who]}`, async () => {
        // A fresh application of the owner for every cell, so decisions never collide.
        const id = await submitOk(t, w.userA.token, [programId]);
        const [file] = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, id)).limit(1);
        const url = row.route
          .replace(':userId', String(w.userA.id))
          .replace(':applicationId', String(id))
          .replace(':fileId', String(file!.id))
          .replace(':documentId', String(file!.id))
          .replace(':id', String(id));
        const token = tokens[who];
        let res;
        if (row.route.endsWith('/fee-waiver')) {
          res = await call(t, 'POST', url, { token, json: { code: 'ZZZZ2222' } });
        } else if (row.route.endsWith('/notes') && row.method === 'POST') {
          res = await call(t, 'POST', url, { token, json: { text: 'Table test' } });
        } else if (row.route.endsWith('/documents/:documentId') && row.method === 'POST') {
          // Only a rejected document may be replaced: reject it first, as staff would.
          await t.ctx.db.update(applicationFiles).set({ status: 'REJECTED', reason: 'Table test' }).where(eq(applicationFiles.id, file!.id));
          const { payload, headers } = multipartBody([{ name: 'file', value: samplePng(), filename: 'again.png', contentType: 'image/png' }]);
          res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
        } else if (row.route.endsWith('/documents/:documentId')) {
          res = await call(t, 'PUT', url, { token, json: { status: 'REJECTED', reason: 'Table test' } });
        } else if (row.route.endsWith('/assignee')) {
          res = await call(t, 'PUT', url, { token, json: { userId: w.adminA.id } });
        } else if (row.route.endsWith('/bulk')) {
          res = await call(t, 'POST', url, { token, json: { action: 'assign', userId: w.adminA.id, ids: [id] } });
        } else if (row.method === 'POST') {
          res = await submit(t, token, [programId], who === 'otherUser' ? { userId: w.userA.id } : {});
        } else if (row.method === 'PUT') {
          res = await call(t, 'PUT', url, { token, json: { status: 'Rejected', reviewNotes: 'Table test' } });
        } else {
          res = await call(t, row.method, url, { token });
        }
        assert.equal(res.statusCode, row.expect[who], res.body.slice(0, 300));
        if (res.statusCode >= 400) assert.equal(typeof res.json().message, 'string');
        const sees = row.sees?.[who];
        if (sees !== undefined) {
          const found = row.route.endsWith('.csv') ? res.body.split('\r\n').some((line) => line.startsWith(`"${id}",`)) : (res.json() as { id: number }[]).some((a) => a.id === id);
          assert.equal(found, sees, `${who} ${sees ? 'sees' : 'must not see'} the owner's application`);
        }
      });
    }
  }
});
