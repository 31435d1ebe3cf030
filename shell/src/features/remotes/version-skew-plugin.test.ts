import { packageOf, versionSkew } from './version-skew-plugin';

describe('versionSkew', () => {
  it('reports a version a remote provides besides the one the page loaded, once per package', () => {
    const scope = {
      react: { '19.3.1': { from: 'shell', loaded: true }, '19.4.0': { from: 'mfe_public' } },
      'react/jsx-runtime': { '19.3.1': { from: 'shell', loaded: true }, '19.4.0': { from: 'mfe_public' } },
      '@mui/material/Button': { '9.5.0': { from: 'shell', lib: () => ({}) } },
    };
    expect(versionSkew(scope, 'mfe_public')).toEqual([
      "[portal] mfe_public was built with react 19.4.0; this page shares 19.3.1, the version it loaded first. Rebuild mfe_public with the shell's versions.",
    ]);
  });

  it('says nothing when the versions agree, or about another remote', () => {
    expect(versionSkew({ react: { '19.3.1': { from: 'shell', loaded: true } } }, 'mfe_public')).toEqual([]);
    expect(versionSkew({ react: { '19.3.1': { from: 'shell', loaded: true }, '19.4.0': { from: 'mfe_staff' } } }, 'mfe_public')).toEqual([]);
  });

  it('names packages by their npm name', () => {
    expect(packageOf('@mui/material/Button')).toBe('@mui/material');
    expect(packageOf('react-dom/client')).toBe('react-dom');
    expect(packageOf('zustand')).toBe('zustand');
  });
});
