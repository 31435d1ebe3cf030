import { areaFor, matchesPattern } from './paths';

describe('route patterns', () => {
  it('match whole paths, in any case, with one segment per parameter', () => {
    expect(matchesPattern('/universities/:id', '/universities/7')).toBe(true);
    expect(matchesPattern('/universities/:id', '/Universities/7/')).toBe(true);
    expect(matchesPattern('/universities/:id', '/universities')).toBe(false);
    expect(matchesPattern('/universities/:id', '/universities/7/programs')).toBe(false);
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/home', '/homepage')).toBe(false);
  });
});

describe('the area of a path', () => {
  it('gives guests the public remote or the login page', () => {
    expect(areaFor(null, '/home')).toEqual({ kind: 'remote', remote: 'mfe_public', layout: 'none' });
    expect(areaFor(null, '/guest/programs/3')).toEqual({ kind: 'remote', remote: 'mfe_public', layout: 'none' });
    expect(areaFor(null, '/dashboard')).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('gives applicants their remote in their layout, and sends them away from guest pages', () => {
    expect(areaFor('USER', '/applications/12')).toEqual({ kind: 'remote', remote: 'mfe_applicant', layout: 'applicant' });
    expect(areaFor('USER', '/universities')).toEqual({ kind: 'remote', remote: 'mfe_public', layout: 'none' });
    expect(areaFor('USER', '/home')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(areaFor('USER', '/users')).toEqual({ kind: 'not-found' });
  });

  it('keeps SUPERUSER-only pages from an ADMIN', () => {
    expect(areaFor('SUPERUSER', '/audit')).toEqual({ kind: 'remote', remote: 'mfe_staff', layout: 'staff' });
    expect(areaFor('ADMIN', '/audit')).toEqual({ kind: 'not-found' });
    expect(areaFor('ADMIN', '/programs/edit/4')).toEqual({ kind: 'remote', remote: 'mfe_staff', layout: 'staff' });
  });
});
