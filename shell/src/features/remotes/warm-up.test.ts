import { SESSION_TOKEN_KEY } from 'page-platform/session-peek';
import { TEST_REMOTES } from '../../testing/remote-list';
import { loadRemoteApp, loadRemoteList } from './registry';
import { warmUpRemote } from './warm-up';

jest.mock('./registry', () => ({ loadRemoteApp: jest.fn(() => Promise.resolve({ default: () => null })), loadRemoteList: jest.fn() }));
const load = loadRemoteApp as jest.Mock;
const list = loadRemoteList as jest.Mock;
/** Lets the list's promise settle and the warm-up ask for the remote. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function token(claims: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === SESSION_TOKEN_KEY ? value : null) });
const inAnHour = Date.now() / 1000 + 3600;

beforeEach(() => {
  load.mockClear();
  list.mockReset();
  list.mockResolvedValue(TEST_REMOTES);
});

describe('warming up the remote of the page', () => {
  it('reads the role with the session peek: an expired, role-less or unreadable token is a guest', async () => {
    for (const stored of [token({ role: 'USER', exp: Date.now() / 1000 - 5 }), token({ role: 'ROOT', exp: inAnHour }), token({ role: 'ADMIN' }), 'not-a-token']) {
      warmUpRemote('/home', storageWith(stored));
    }
    await settle();
    expect(load.mock.calls).toEqual([['mfe_public'], ['mfe_public'], ['mfe_public'], ['mfe_public']]);
  });

  it('starts loading the remote the page will show, by the manifests: public for a guest, staff for an ADMIN, applicant for a USER', async () => {
    warmUpRemote('/home', storageWith(null));
    warmUpRemote('/dashboard', storageWith(token({ role: 'ADMIN', exp: inAnHour })));
    warmUpRemote('/applications', storageWith(token({ role: 'USER', exp: inAnHour })));
    await settle();
    expect(load.mock.calls).toEqual([['mfe_public'], ['mfe_staff'], ['mfe_applicant']]);
  });

  it('loads nothing for a page that redirects or does not exist, nor when storage is unavailable and the page needs a session', async () => {
    warmUpRemote('/dashboard', storageWith(null));
    warmUpRemote('/users', storageWith(token({ role: 'USER', exp: inAnHour })));
    warmUpRemote('/dashboard', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it('leaves a failed load of the remote or of the list to the area, which shows it', async () => {
    load.mockRejectedValueOnce(new Error('remote down'));
    expect(() => warmUpRemote('/home', storageWith(null))).not.toThrow();
    await settle();
    expect(load).toHaveBeenCalledWith('mfe_public');
    load.mockClear();
    list.mockRejectedValueOnce(new Error('list down'));
    expect(() => warmUpRemote('/home', storageWith(null))).not.toThrow();
    await settle();
    expect(load).not.toHaveBeenCalled();
  });
});
