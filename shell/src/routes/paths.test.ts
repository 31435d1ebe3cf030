import { TEST_REMOTES } from '../testing/remote-list';
import { areaFor } from './paths';

const at = (role: string | null, path: string) => areaFor(TEST_REMOTES, role, path);

describe('the area of a path, from the page manifests of the remotes', () => {
  it('gives guests the public remote or the login page', () => {
    expect(at(null, '/home')).toEqual({ kind: 'remote', remote: 'mfe_public', layout: 'none' });
    expect(at(null, '/Home/')).toEqual({ kind: 'remote', remote: 'mfe_public', layout: 'none' });
    expect(at(null, '/guest/programs/3')).toEqual({ kind: 'remote', remote: 'mfe_public', layout: 'none' });
    expect(at(null, '/dashboard')).toEqual({ kind: 'redirect', to: '/login' });
    expect(at(null, '/guest/programs/3/more')).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('gives applicants their remote in their layout, and sends them away from guest pages', () => {
    expect(at('USER', '/applications/12')).toEqual({ kind: 'remote', remote: 'mfe_applicant', layout: 'applicant' });
    expect(at('USER', '/universities')).toEqual({ kind: 'remote', remote: 'mfe_public', layout: 'none' });
    expect(at('USER', '/home')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(at('USER', '/users')).toEqual({ kind: 'not-found' });
  });

  it('picks the remote by role where several declare the same path', () => {
    expect(at('USER', '/dashboard')).toEqual({ kind: 'remote', remote: 'mfe_applicant', layout: 'applicant' });
    expect(at('ADMIN', '/dashboard')).toEqual({ kind: 'remote', remote: 'mfe_staff', layout: 'staff' });
  });

  it('keeps SUPERUSER-only pages from an ADMIN, even where a pattern with a parameter would match', () => {
    expect(at('SUPERUSER', '/audit')).toEqual({ kind: 'remote', remote: 'mfe_staff', layout: 'staff' });
    expect(at('ADMIN', '/audit')).toEqual({ kind: 'not-found' });
    expect(at('ADMIN', '/universities/all')).toEqual({ kind: 'not-found' });
    expect(at('ADMIN', '/universities/7')).toEqual({ kind: 'remote', remote: 'mfe_staff', layout: 'staff' });
    expect(at('ADMIN', '/programs/edit/4')).toEqual({ kind: 'remote', remote: 'mfe_staff', layout: 'staff' });
  });

  it('finds nothing for an unknown role, and says so when the list could not be loaded', () => {
    expect(at('AUDITOR', '/dashboard')).toEqual({ kind: 'not-found' });
    expect(areaFor(null, 'ADMIN', '/dashboard')).toEqual({ kind: 'unavailable' });
  });

  it('knows only the remotes the list names: a page of a remote left out is not found', () => {
    const { mfe_staff: _left, ...withoutStaff } = TEST_REMOTES;
    expect(areaFor(withoutStaff, 'ADMIN', '/dashboard')).toEqual({ kind: 'not-found' });
    expect(areaFor(withoutStaff, null, '/home')).toEqual({ kind: 'remote', remote: 'mfe_public', layout: 'none' });
  });
});
