/**
 * Where the shell reads the runtime list: from the copy a page the server
 * rendered carries (the list it was rendered with), once, else from
 * /remotes.json, never cached.
 */
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { TEST_REMOTES } from '../../testing/remote-list';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const register = registerRemotes as jest.Mock;
let fetchMock: jest.Mock;

/** A fresh registry module: the list is loaded once per page. */
function freshRegistry(): typeof import('./registry') {
  let registry: typeof import('./registry') | undefined;
  jest.isolateModules(() => {
    registry = jest.requireActual<typeof import('./registry')>('./registry');
  });
  return registry!;
}

function pageCarries(list: unknown): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'portal-remote-list';
  element.textContent = typeof list === 'string' ? list : JSON.stringify(list);
  document.body.append(element);
}

beforeEach(() => {
  document.body.innerHTML = '';
  register.mockClear();
  fetchMock = jest.fn(() => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(TEST_REMOTES) }));
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('the runtime list', () => {
  it('comes from the page the server rendered, without asking the network, and registers its entries', async () => {
    const onPage = { mfe_public: { ...TEST_REMOTES.mfe_public!, entry: '/remotes/mfe-public/v7/remoteEntry.js' } };
    pageCarries(onPage);
    const list = await freshRegistry().loadRemoteList();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(list.mfe_public?.entry).toBe('/remotes/mfe-public/v7/remoteEntry.js');
    expect(register).toHaveBeenCalledWith([{ name: 'mfe_public', entry: '/remotes/mfe-public/v7/remoteEntry.js' }]);
    expect(document.getElementById('portal-remote-list')).toBeNull();
  });

  it('is asked of /remotes.json, never from a cache, when the page carries none or an unreadable one', async () => {
    await freshRegistry().loadRemoteList();
    pageCarries('{ not json');
    const list = await freshRegistry().loadRemoteList();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const [url, init] of fetchMock.mock.calls) {
      expect(url).toBe('/remotes.json');
      expect(init).toMatchObject({ cache: 'no-store' });
    }
    expect(Object.keys(list)).toEqual(Object.keys(TEST_REMOTES));
  });

  it('asks the network again after a failed load', async () => {
    fetchMock.mockImplementationOnce(() => Promise.resolve({ ok: false, status: 503, json: () => Promise.resolve({}) }));
    const registry = freshRegistry();
    await expect(registry.loadRemoteList()).rejects.toThrow('/remotes.json answered 503');
    expect(Object.keys(await registry.loadRemoteList())).toEqual(Object.keys(TEST_REMOTES));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
