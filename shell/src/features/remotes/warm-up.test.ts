import { TOKEN_KEY } from 'shared-auth';
import { loadRemoteApp } from './registry';
import { SESSION_TOKEN_KEY, storedRole, warmUpRemote } from './warm-up';

jest.mock('./registry', () => ({ loadRemoteApp: jest.fn(() => Promise.resolve({ default: () => null })) }));
const load = loadRemoteApp as jest.Mock;

function token(claims: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === SESSION_TOKEN_KEY ? value : null) });
const inAnHour = Date.now() / 1000 + 3600;

beforeEach(() => load.mockClear());

describe('warming up the remote of the page', () => {
  it('reads the session from the same storage key as shared-auth', () => {
    expect(SESSION_TOKEN_KEY).toBe(TOKEN_KEY);
  });

  it('reads the role of a live token and nothing from an expired or unreadable one', () => {
    expect(storedRole(token({ role: 'ADMIN', exp: inAnHour }))).toBe('ADMIN');
    expect(storedRole(token({ role: 'USER', exp: Date.now() / 1000 - 5 }))).toBeNull();
    expect(storedRole(token({ role: 'ROOT', exp: inAnHour }))).toBeNull();
    expect(storedRole('not-a-token')).toBeNull();
    expect(storedRole(null)).toBeNull();
  });

  it('starts loading the remote the page will show: public for a guest, staff for an ADMIN, applicant for a USER', () => {
    warmUpRemote('/home', storageWith(null));
    warmUpRemote('/dashboard', storageWith(token({ role: 'ADMIN', exp: inAnHour })));
    warmUpRemote('/applications', storageWith(token({ role: 'USER', exp: inAnHour })));
    expect(load.mock.calls).toEqual([['mfe_public'], ['mfe_staff'], ['mfe_applicant']]);
  });

  it('loads nothing for a page that redirects or does not exist, nor when storage is unavailable and the page needs a session', () => {
    warmUpRemote('/dashboard', storageWith(null));
    warmUpRemote('/users', storageWith(token({ role: 'USER', exp: inAnHour })));
    warmUpRemote('/dashboard', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(load).not.toHaveBeenCalled();
  });

  it('leaves a failed load to the area, which shows it', async () => {
    load.mockRejectedValueOnce(new Error('remote down'));
    expect(() => warmUpRemote('/home', storageWith(null))).not.toThrow();
    await Promise.resolve();
    expect(load).toHaveBeenCalledWith('mfe_public');
  });
});
