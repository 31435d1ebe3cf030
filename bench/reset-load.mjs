// Sign-in while the reset endpoint is flooded (issue 21.8): 32 clients send
// made-up reset links as fast as they can; an applicant signing in meanwhile
// must stay about as quick as on an idle server. Before the fix every bogus
// link cost an argon2 hash and a normal sign-in went from about 20 ms to 340–500 ms.
import { login, percentile, result, round, startPortal } from './lib.mjs';

const SIGN_INS = 30;
const FLOOD_CLIENTS = 32;
const USER = { email: 'applicant@demo.uniportal.zm', password: 'Demo-Student-Kabwe-26' };

async function signInTimes(url) {
  const times = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now();
    await login(url, USER.email, USER.password);
    times.push(performance.now() - started);
  }
  return times;
}

export async function benchResetLoad() {
  const portal = await startPortal({ PORTAL_DEMO_DATA: 'true', JWT_SECRET: 'bench-secret-0123456789-0123456789-0123456789', DATABASE_URL: '' });
  try {
    await signInTimes(portal.url); // warm-up
    const idle = await signInTimes(portal.url);
    let flooding = true;
    const counts = { sent: 0, refused: 0 };
    const flood = Array.from({ length: FLOOD_CLIENTS }, async (_, client) => {
      while (flooding) {
        const res = await fetch(`${portal.url}/api/auth/reset-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: `made-up-${client}-${counts.sent}`, newPassword: 'Another-Strong-Pass-77' }),
        });
        await res.arrayBuffer();
        counts.sent += 1;
        if (res.status === 429) counts.refused += 1;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const loaded = await signInTimes(portal.url);
    flooding = false;
    await Promise.all(flood);
    const idleP50 = percentile(idle, 50);
    const loadedP50 = percentile(loaded, 50);
    const ratio = loadedP50 / idleP50;
    return [
      result('reset-load', 'sign-in p50 idle / during a reset flood', `${round(idleP50, 1)} / ${round(loadedP50, 1)}`, { unit: 'ms' }),
      result('reset-load', 'sign-in p50 during the flood ÷ idle', round(ratio), { target: '<= 2', ok: ratio <= 2 }),
      result('reset-load', 'bogus reset requests sent / refused with 429', `${counts.sent} / ${counts.refused}`),
    ];
  } finally {
    await portal.stop();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.table(await benchResetLoad());
}
