import { canPrerender, codeFor, preloadFor, SERVER_RENDER_CONTRACT } from './server';

describe("the applicant remote's server entry", () => {
  it('speaks the render contract the shell expects', () => {
    expect(SERVER_RENDER_CONTRACT).toBe(1);
  });

  it('lets the server render the university list, which every applicant sees alike', () => {
    expect(canPrerender('/dashboard')).toBe(true);
    expect(preloadFor('/dashboard')).toEqual(['/api/universities']);
    // The name of its code, so the page's head names its scripts.
    expect(codeFor('/dashboard')).toEqual(['universities']);
    expect(codeFor('/apply/3')).toEqual(['wizard']);
  });

  it("leaves to the browser every page that shows the applicant's own data or a choice of this browser", () => {
    for (const path of ['/applications', '/applications/5', '/profile', '/settings', '/notifications', '/universities/1', '/courses/2']) {
      expect([path, canPrerender(path)]).toEqual([path, false]);
      expect(preloadFor(path)).toEqual([]);
    }
  });

  it("lets the server render the wizard for its applicant, from what it shows first, the applicant's own records by the person's id", () => {
    expect(canPrerender('/apply/5')).toBe(true);
    expect(preloadFor('/apply/5')).toEqual(['/api/universities/5', '/api/programs/university/5', '/api/universities/5/intakes', '/api/applications/user/{person}', '/api/drafts/mine']);
    // An address that names no university asks nothing.
    for (const path of ['/apply/abc', '/apply/0', '/apply/5x']) expect(preloadFor(path)).toEqual([]);
  });
});
