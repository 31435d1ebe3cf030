import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { Link, Route, Routes } from 'react-router-dom';
import { renderAt } from '../../test-utils';
import { forgetLoadedRemotes, REMOTE_UNAVAILABLE_MESSAGE, RemoteArea } from './RemoteArea';
import remoteErrorsPlugin from './remote-errors-plugin';
import { isRemoteFailure } from './remote-failure';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const load = loadRemote as jest.MockedFunction<typeof loadRemote>;
const register = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

const NO_PAGES = { format: 1, pages: [] };
const manifest = {
  mfe_public: { entry: '/remotes/mfe-public/remoteEntry.js', pages: NO_PAGES },
  mfe_staff: { entry: 'http://127.0.0.1:9/remoteEntry.js', pages: NO_PAGES },
  // A remote whose entry has no valid page manifest is left out; the others still load.
  mfe_broken: { entry: '/remotes/mfe-broken/remoteEntry.js', pages: { format: 1, pages: [{ path: 'no-slash' }] } },
};

beforeAll(() => {
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => manifest })) as unknown as typeof fetch;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

beforeEach(() => forgetLoadedRemotes());

function Shell() {
  return (
    <>
      <nav>
        <Link to="/programs">staff page</Link>
        <Link to="/home">public page</Link>
      </nav>
      <Routes>
        <Route path="/programs" element={<RemoteArea name="mfe_staff" />} />
        <Route path="/home" element={<RemoteArea name="mfe_public" />} />
      </Routes>
    </>
  );
}

describe('runtime remotes', () => {
  it('reads /remotes.json without caching and registers every remote', async () => {
    load.mockImplementation(async () => ({ default: () => <p>public landing</p> }));
    renderAt(<Shell />, '/home');
    await screen.findByText('public landing');
    expect(global.fetch).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
    expect(register).toHaveBeenCalledWith([
      { name: 'mfe_public', entry: manifest.mfe_public.entry },
      { name: 'mfe_staff', entry: manifest.mfe_staff.entry },
    ]);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('left out mfe_broken'));
    expect(load).toHaveBeenCalledWith('mfe_public/App');
  });

  it('shows the failure message with Retry for a remote that is down, and the other remote keeps working', async () => {
    let staffUp = false;
    load.mockImplementation(async (id: string) => {
      if (id === 'mfe_staff/App') {
        if (!staffUp) return remoteErrorsPlugin().errorLoadRemote!({ id, error: new Error('ECONNREFUSED'), lifecycle: 'onLoad' } as never);
        return { default: () => <p>staff programs</p> };
      }
      return { default: () => <p>public landing</p> };
    });
    renderAt(<Shell />, '/programs');
    await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('link', { name: 'public page' }));
    await screen.findByText('public landing');
    expect(screen.queryByText(REMOTE_UNAVAILABLE_MESSAGE)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'staff page' }));
    await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE);
    staffUp = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('staff programs');
    expect(register).toHaveBeenCalledWith([{ name: 'mfe_staff', entry: manifest.mfe_staff.entry }], { force: true });
  });

  it('catches a remote that crashes while rendering', async () => {
    function Broken(): never {
      throw new Error('boom');
    }
    load.mockImplementation(async () => ({ default: Broken }));
    renderAt(<Shell />, '/home');
    await waitFor(() => expect(screen.getByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'staff page' })).toBeInTheDocument();
  });
});

describe('the runtime plugin', () => {
  it("answers only the 'onLoad' lifecycle, with a marked fallback", () => {
    const plugin = remoteErrorsPlugin();
    const args = { id: 'mfe_staff/App', error: new Error('down') };
    expect(plugin.errorLoadRemote!({ ...args, lifecycle: 'afterResolve' } as never)).toBeUndefined();
    expect(isRemoteFailure(plugin.errorLoadRemote!({ ...args, lifecycle: 'onLoad' } as never))).toBe(true);
  });
});
