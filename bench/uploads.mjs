// Uploads without memory growth (issue 8.6): 50 concurrent submissions of four
// 4 MB files each. Every file must come back byte for byte, and the server's
// resident memory may grow by at most 100 MB (files are streamed to storage).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createDatabase, login, result, round, startPortal } from './lib.mjs';

const SUBMISSIONS = Number(process.env.BENCH_UPLOADS ?? 50);
const FILE_BYTES = 4 * 1024 * 1024;
const TYPES = ['NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS', 'CERTIFICATE'];

function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

/** A PDF by its signature, padded to size with random bytes (content sniffing accepts it). */
function pdfOfSize(bytes) {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
}

async function register(url, i) {
  const email = `upload-bench-${i}-${Date.now()}@example.zm`;
  const password = 'Upload-Bench-2026!';
  const address = `10.9.${i >> 8}.${i & 255}`;
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ firstName: 'Upload', lastName: `Bench${i}`, email, phone: '+260971234567', password, role: 'USER', consent: true }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return login(url, email, password, address);
}

export async function benchUploads() {
  const db = await createDatabase('bench_uploads');
  const portal = await startPortal({ DATABASE_URL: db.url, PORTAL_DEMO_DATA: 'true', TRUST_PROXY: '1', JWT_SECRET: 'bench-secret-0123456789-0123456789-0123456789' });
  try {
    const universities = await (await fetch(`${portal.url}/api/universities`)).json();
    const programs = await (await fetch(`${portal.url}/api/programs/university/${universities[0].id}`)).json();
    const tokens = [];
    for (let i = 0; i < SUBMISSIONS; i += 1) tokens.push(await register(portal.url, i));
    const payloads = tokens.map(() => TYPES.map(() => pdfOfSize(FILE_BYTES)));
    const before = rssBytes(portal.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(portal.pid))), 20);
    const t0 = performance.now();
    const answers = await Promise.all(
      tokens.map(async (token, i) => {
        const form = new FormData();
        form.set(
          'application',
          new Blob(
            [
              JSON.stringify({
                programIds: programs.slice(0, 2).map((p) => p.id),
                status: 'PENDING',
                fullName: `Upload Bench ${i}`,
                gender: 'Female',
                phoneNumber: '+260971234567',
                email: `upload${i}@example.zm`,
                dateOfBirth: '2005-05-05',
                nationality: 'Zambian',
                province: 'Copperbelt',
                nationalRegNumber: `${100000 + i}/10/1`,
                city: 'Kitwe',
                country: 'Zambia',
                highestQualification: 'Grade 12',
                institutionAttended: 'Kitwe Boys',
                documentTypes: TYPES,
              }),
            ],
            { type: 'application/json' },
          ),
        );
        payloads[i].forEach((data, n) => form.append('files', new Blob([data], { type: 'application/pdf' }), `document-${n}.pdf`));
        const res = await fetch(`${portal.url}/api/applications`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
        return { status: res.status, body: await res.json() };
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    let intact = 0;
    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 201) continue;
      const id = answer.body.id ?? answer.body.application?.id;
      const files = await (await fetch(`${portal.url}/api/files/application/${id}`, { headers: { authorization: `Bearer ${tokens[i]}` } })).json();
      let ok = files.length === 4;
      for (const file of files) {
        const bytes = Buffer.from(await (await fetch(`${portal.url}${file.url}`, { headers: { authorization: `Bearer ${tokens[i]}` } })).arrayBuffer());
        const expected = payloads[i][TYPES.indexOf(file.documentType)];
        ok &&= createHash('sha256').update(bytes).digest('hex') === createHash('sha256').update(expected).digest('hex');
      }
      if (ok) intact += 1;
    }
    const growthMb = (peak - before) / 1024 / 1024;
    const totalMb = (SUBMISSIONS * 4 * FILE_BYTES) / 1024 / 1024;
    return [
      result('uploads', `${SUBMISSIONS} concurrent submissions × 4 × 4 MB stored intact`, `${intact} / ${SUBMISSIONS}`, { target: 'all', ok: intact === SUBMISSIONS }),
      result('uploads', 'server resident memory growth', round(growthMb, 1), { unit: 'MB', target: '<= 100 MB', ok: growthMb <= 100 }),
      result('uploads', 'submission throughput', round(totalMb / seconds, 1), { unit: `MB/s (${round(SUBMISSIONS / seconds, 2)} submissions/s)` }),
    ];
  } finally {
    await portal.stop();
    await db.drop();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.table(await benchUploads());
}
