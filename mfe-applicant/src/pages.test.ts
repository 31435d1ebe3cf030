import { pageManifestSchema } from 'shared-api/contract';
import { APPLICANT_ROUTES, preloadPage } from './App';
import { PAGES } from './pages';

// The shell routes to this remote only the paths its manifest declares, and
// the remote shows only the paths its App routes: the two lists must agree.
describe('the page manifest', () => {
  it('is valid for the shell', () => {
    expect(pageManifestSchema.safeParse(PAGES).success).toBe(true);
  });

  it('declares every page the App routes, and no page the App does not route', () => {
    const routed = APPLICANT_ROUTES.map((route) => route.path).sort();
    const declared = PAGES.pages.map((page) => page.path).sort();
    expect(declared).toEqual(routed);
    expect(new Set(declared).size).toBe(declared.length);
  });
});

// The shell loads this remote's App for the page the visitor opened; the App
// then starts that page's code at once instead of after the applicant frame renders.
describe('preloadPage', () => {
  it('loads the feature whose page the route at an address renders', async () => {
    await expect(preloadPage('/apply/3')).resolves.toHaveProperty('ApplicationWizard');
    await expect(preloadPage('/dashboard')).resolves.toHaveProperty('UniversityList');
    await expect(preloadPage('/applications/7')).resolves.toHaveProperty('ApplicationDetail');
  });

  it('loads nothing for an address this remote does not own', () => {
    expect(preloadPage('/users')).toBeUndefined();
  });
});
