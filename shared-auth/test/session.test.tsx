import { act, render, screen } from '@testing-library/react';
import { authStore, cacheUniversities, decodeSession, displayName, LOGOUT_EVENT, readCachedUniversities, requestLogout, sessionWriter, useAuth } from '../src';

function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const future = () => Math.floor(Date.now() / 1000) + 3600;
const claims = { id: 7, sub: '7', email: 'ada@example.test', phone: '+260971234567', role: 'ADMIN', universityId: 3, name: 'Ada Banda' };

describe('decodeSession', () => {
  it('reads every claim of the spec', () => {
    expect(decodeSession(fakeToken({ ...claims, exp: future() }))).toEqual({
      id: 7,
      email: 'ada@example.test',
      phone: '+260971234567',
      role: 'ADMIN',
      universityId: 3,
      name: 'Ada Banda',
      sub: '7',
      exp: expect.any(Number),
    });
  });

  it('accepts the claim `university` as the university id', () => {
    const { universityId: _ignored, ...rest } = claims;
    expect(decodeSession(fakeToken({ ...rest, university: '5', exp: future() }))?.universityId).toBe(5);
  });

  it('refuses expired, undecodable and role-less tokens', () => {
    expect(decodeSession(fakeToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }))).toBeNull();
    expect(decodeSession('not-a-token')).toBeNull();
    expect(decodeSession(fakeToken({ ...claims, role: 'ROOT', exp: future() }))).toBeNull();
    expect(decodeSession(null)).toBeNull();
  });
});

describe('displayName', () => {
  it('falls back from name to e-mail to subject to User', () => {
    const user = decodeSession(fakeToken({ ...claims, exp: future() }))!;
    expect(displayName(user)).toBe('Ada Banda');
    expect(displayName({ ...user, name: null })).toBe('ada@example.test');
    expect(displayName({ ...user, name: null, email: '' })).toBe('7');
    expect(displayName(null)).toBe('User');
  });
});

describe('sessionWriter', () => {
  it('stores the token under "user" on sign-in and removes it on sign-out', () => {
    const token = fakeToken({ ...claims, exp: future() });
    expect(sessionWriter.signIn(token)).toBe(true);
    expect(localStorage.getItem('user')).toBe(token);
    expect(authStore.getState().user?.role).toBe('ADMIN');
    sessionWriter.signOut();
    expect(localStorage.getItem('user')).toBeNull();
    expect(authStore.getState().user).toBeNull();
  });

  it('restores a stored session and drops an expired one', () => {
    localStorage.setItem('user', fakeToken({ ...claims, exp: future() }));
    localStorage.setItem('selectedUniversity', '4');
    sessionWriter.restore();
    expect(authStore.getState()).toMatchObject({ loading: false, selectedUniversity: 4 });
    expect(authStore.getState().user?.id).toBe(7);

    localStorage.setItem('user', fakeToken({ ...claims, exp: 1 }));
    sessionWriter.restore();
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("keeps the page cookies in step with the stored session: the role, and the token for the person's own pages (decision 013)", () => {
    const token = fakeToken({ ...claims, role: 'USER', exp: future() });
    sessionWriter.signIn(token);
    expect(document.cookie).toContain('portal_page_role=USER');
    expect(document.cookie).toContain(`portal_page_session=${token}`);
    // Signing out deletes both at once, with no request: a shared phone offline keeps neither.
    sessionWriter.signOut();
    expect(document.cookie).not.toContain('portal_page_role');
    expect(document.cookie).not.toContain(token);

    const stored = fakeToken({ ...claims, exp: future() });
    localStorage.setItem('user', stored);
    sessionWriter.restore();
    expect(document.cookie).toContain('portal_page_role=ADMIN');
    expect(document.cookie).toContain(`portal_page_session=${stored}`);
    localStorage.setItem('user', fakeToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 }));
    sessionWriter.restore();
    expect(document.cookie).not.toContain('portal_page_role');
    expect(document.cookie).not.toContain('portal_page_session=e');
  });

  it('saves and clears the selected university', () => {
    sessionWriter.selectUniversity(9);
    expect(localStorage.getItem('selectedUniversity')).toBe('9');
    sessionWriter.selectUniversity(null);
    expect(localStorage.getItem('selectedUniversity')).toBeNull();
    expect(authStore.getState().selectedUniversity).toBeNull();
  });

  it('remembers a university for the next page without changing the page shown', () => {
    sessionWriter.rememberUniversity(4);
    expect(localStorage.getItem('selectedUniversity')).toBe('4');
    expect(authStore.getState().selectedUniversity).toBeNull();
    sessionWriter.rememberUniversity(null);
    expect(localStorage.getItem('selectedUniversity')).toBeNull();
  });
});

describe('useAuth', () => {
  it('re-renders readers when the shell writes the store', () => {
    function Reader() {
      const user = useAuth((s) => s.user);
      return <p>{user ? `Signed in as ${user.email}` : 'Signed out'}</p>;
    }
    render(<Reader />);
    act(() => sessionWriter.signOut());
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    act(() => {
      sessionWriter.signIn(fakeToken({ ...claims, exp: future() }));
    });
    expect(screen.getByText('Signed in as ada@example.test')).toBeInTheDocument();
  });
});

describe('requestLogout', () => {
  it('asks the shell through a window event', () => {
    const reasons: string[] = [];
    const listener = (event: Event) => reasons.push((event as CustomEvent<{ reason: string }>).detail.reason);
    window.addEventListener(LOGOUT_EVENT, listener);
    requestLogout('expired');
    window.removeEventListener(LOGOUT_EVENT, listener);
    expect(reasons).toEqual(['expired']);
  });
});

describe('universities cache', () => {
  it('keeps only id and name under "universities"', () => {
    cacheUniversities([{ id: 1, name: 'University of Zambia', about: 'long text' } as { id: number; name: string }]);
    expect(JSON.parse(localStorage.getItem('universities')!)).toEqual([{ id: 1, name: 'University of Zambia' }]);
    expect(readCachedUniversities()).toEqual([{ id: 1, name: 'University of Zambia' }]);
    localStorage.setItem('universities', '{broken');
    expect(readCachedUniversities()).toEqual([]);
  });
});
