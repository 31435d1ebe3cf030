/**
 * The ky client against a real local HTTP server: base path, bearer token from
 * the session store, error text order, and logout on a 401.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}
const seen: Seen[] = [];
let reply: { status: number; body: unknown } = { status: 200, body: {} };
/** When set, the server answers only once it resolves (a call still in flight). */
let hold: Promise<void> | null = null;
let server: Server;
let base = '';

// Browsers resolve '/api/...' against the page; node's Request needs an origin.
const NativeRequest = globalThis.Request;
globalThis.Request = class extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? `${base}${input}` : input, init);
  }
} as typeof Request;
// requestLogout speaks to the shell through window events.
(globalThis as { window?: unknown }).window = new EventTarget();

import { authStore, LOGOUT_EVENT } from 'shared-auth';
import { authApi, errorText, programsApi, universitiesApi, usersApi } from '../src';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body: await readBody(req) });
      if (hold) await hold;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  reply = { status: 200, body: {} };
  authStore.setState({ token: null, user: null });
});

test('calls sit under /api and carry no token for a guest', async () => {
  reply = { status: 200, body: [{ id: 1, name: 'University of Zambia' }] };
  await expect(universitiesApi.list()).resolves.toEqual([{ id: 1, name: 'University of Zambia' }]);
  expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/universities', authorization: undefined });
});

test('the stored token travels as a bearer credential', async () => {
  authStore.setState({ token: 'abc.def.ghi' });
  await programsApi.ofUniversity(4);
  expect(seen[0]).toMatchObject({ url: '/api/programs/university/4', authorization: 'Bearer abc.def.ghi' });
});

test('login posts the spec payload', async () => {
  reply = { status: 200, body: { token: 't', message: 'Login successful' } };
  await expect(authApi.login({ email: 'a@b.co', password: 'pw' })).resolves.toEqual({ token: 't', message: 'Login successful' });
  expect(JSON.parse(seen[0]!.body)).toEqual({ email: 'a@b.co', password: 'pw' });
});

test("an ADMIN's block of an applicant is a PUT of {blocked} on the user", async () => {
  authStore.setState({ token: 'abc.def.ghi' });
  reply = { status: 200, body: { userId: 5, universityId: 2, blocked: true } };
  await expect(usersApi.setUniversityBlock(5, true)).resolves.toEqual({ userId: 5, universityId: 2, blocked: true });
  expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/users/5/university-block', authorization: 'Bearer abc.def.ghi' });
  expect(JSON.parse(seen[0]!.body)).toEqual({ blocked: true });
});

test('server errors become text: message, then error, then the fallback', async () => {
  reply = { status: 400, body: { message: 'Invalid email or password', error: 'Bad Request' } };
  expect(errorText(await authApi.login({ email: 'x', password: 'y' }).catch((e: unknown) => e), 'Login Failed')).toBe('Invalid email or password');
  reply = { status: 409, body: { error: 'Conflict' } };
  expect(errorText(await authApi.login({ email: 'x', password: 'y' }).catch((e: unknown) => e), 'Login Failed')).toBe('Conflict');
  reply = { status: 500, body: {} };
  expect(errorText(await usersApi.get(1).catch((e: unknown) => e), 'Failed to fetch user data.')).toBe('Failed to fetch user data.');
  expect(errorText(new TypeError('network down'), 'Network error. Try again later.')).toBe('Network error. Try again later.');
});

test("a refused field reads as plain words naming the field, never 'field: reason'", async () => {
  const textOf = async (message: string) => {
    reply = { status: 400, body: { message, error: 'Bad Request' } };
    return errorText(await authApi.login({ email: 'x', password: 'y' }).catch((e: unknown) => e), 'Login Failed');
  };
  expect(await textOf('email: is required')).toBe('Email: Enter a valid email address, like name@example.com');
  expect(await textOf('phoneNumber: is required')).toBe('Phone number: Enter a valid phone number, like 0977 123 456 or +260 977 123 456');
  expect(await textOf('courseName: Too big: expected string to have <=200 characters, at most 200')).toBe('Course name: Use at most 200 characters');
  expect(await textOf('programIds.1: duplicate program')).toBe('Programs: Choose each program only once');
  expect(await textOf('overrideReason: only a superuser can accept beyond the places of a program.')).toBe('Override reason: Only a superuser can accept beyond the places of a program.');
  reply = { status: 409, body: { message: 'name: another intake called "2027 January" overlaps these dates' } };
  expect(errorText(await authApi.login({ email: 'x', password: 'y' }).catch((e: unknown) => e), 'x')).toBe('Name: Another intake called "2027 January" overlaps these dates');
  // Any other failure is said as the server wrote it.
  reply = { status: 403, body: { message: 'role: not yours' } };
  expect(errorText(await authApi.login({ email: 'x', password: 'y' }).catch((e: unknown) => e), 'x')).toBe('role: not yours');
});

test('a 401 on a protected call asks the shell to log out, passing on why', async () => {
  const reasons: string[] = [];
  const notices: Array<string | undefined> = [];
  const listener = (event: Event) => {
    reasons.push((event as CustomEvent<{ reason: string }>).detail.reason);
    notices.push((event as CustomEvent<{ notice?: string }>).detail.notice);
  };
  (globalThis as unknown as { window: EventTarget }).window.addEventListener(LOGOUT_EVENT, listener);
  authStore.setState({ token: 'stale.token.value' });
  reply = { status: 401, body: { message: 'Your session has ended. Please log in again.' } };
  await expect(usersApi.get(3)).rejects.toThrow();
  expect(reasons).toEqual(['unauthorized']);
  expect(notices).toEqual(['Your session has ended. Please log in again.']);
  // The caller still reads the body of the answer it got.
  reply = { status: 401, body: { message: 'Account disabled. Please contact support.' } };
  expect(errorText(await usersApi.get(3).catch((e: unknown) => e), 'x')).toBe('Account disabled. Please contact support.');
  expect(notices[1]).toBe('Account disabled. Please contact support.');
  reasons.length = 1;

  // A screen that shows its own expiry message opts out.
  await expect(universitiesApi.list({ skipLogoutOn401: true })).rejects.toThrow();
  // A guest's 401 (no token sent) is not a session ending.
  authStore.setState({ token: null });
  await expect(usersApi.get(3)).rejects.toThrow();
  expect(reasons).toEqual(['unauthorized']);
  expect(notices).toHaveLength(2);
  (globalThis as unknown as { window: EventTarget }).window.removeEventListener(LOGOUT_EVENT, listener);
});

test('a 401 for a session that has since been replaced does not end the new one', async () => {
  const reasons: string[] = [];
  const listener = (event: Event) => reasons.push((event as CustomEvent<{ reason: string }>).detail.reason);
  (globalThis as unknown as { window: EventTarget }).window.addEventListener(LOGOUT_EVENT, listener);
  authStore.setState({ token: 'old.session.token' });
  reply = { status: 401, body: { message: 'Your session has ended. Please log in again.' } };
  let release = () => {};
  hold = new Promise<void>((resolve) => (release = resolve));
  const inFlight = usersApi.get(3);
  while (seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
  // The visitor signs in again while the old session's call is still unanswered.
  authStore.setState({ token: 'new.session.token' });
  release();
  hold = null;
  await expect(inFlight).rejects.toThrow();
  expect(seen[0].authorization).toBe('Bearer old.session.token');
  expect(reasons).toEqual([]);
  (globalThis as unknown as { window: EventTarget }).window.removeEventListener(LOGOUT_EVENT, listener);
});

test('deleting the account sends the password; signing out everywhere posts to its own route', async () => {
  authStore.setState({ token: 'a.b.c' });
  reply = { status: 200, body: { message: 'ok' } };
  seen.length = 0;
  await usersApi.deleteMine('Correct-Horse-42');
  await authApi.logoutEverywhere();
  expect(seen.map((s) => [s.method, s.url])).toEqual([
    ['DELETE', '/api/users/me'],
    ['POST', '/api/auth/logout-everywhere'],
  ]);
  expect(JSON.parse(seen[0]!.body)).toEqual({ password: 'Correct-Horse-42' });
  authStore.setState({ token: null });
});
