/** Helpers of the shell's tests: a session token, a signed-in store, the app at a path. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { authStore, clearNotices, decodeSession, TOKEN_KEY, type Role } from 'shared-auth';
import { AppProviders } from './App';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An (unsigned) token with the API's claims; the browser only decodes it. */
export function makeToken(claims: { role?: Role | string; name?: string | null; email?: string; sub?: string; expSeconds?: number; universityId?: number | null } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    id: 7,
    sub: claims.sub ?? '7',
    email: claims.email ?? 'person@example.org',
    phone: null,
    role: claims.role ?? 'USER',
    universityId: claims.universityId ?? null,
    name: claims.name === undefined ? 'Chanda Mwale' : claims.name,
    exp: now + (claims.expSeconds ?? 3600),
  };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;
}

/** Stores a token and puts its user in the session store, as the shell's restore() would. */
export function signInAs(role: Role | string, claims: Parameters<typeof makeToken>[0] = {}): string {
  const token = makeToken({ ...claims, role });
  localStorage.setItem(TOKEN_KEY, token);
  authStore.setState({ token, user: decodeSession(token), loading: false, loggingOut: false, selectedUniversity: null });
  return token;
}

export function signOutStore(): void {
  authStore.setState({ token: null, user: null, loading: false, loggingOut: false, selectedUniversity: null, signedOutNotice: null });
}

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders UI inside the shell's providers and a memory router at `path`. */
export function renderAt(ui: ReactElement, path = '/') {
  // The notification stack is the shared singleton's: start each test with none.
  clearNotices();
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}
