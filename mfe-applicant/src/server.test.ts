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
    for (const path of ['/applications', '/applications/5', '/apply/1', '/profile', '/settings', '/notifications', '/universities/1', '/courses/2']) {
      expect([path, canPrerender(path)]).toEqual([path, false]);
      expect(preloadFor(path)).toEqual([]);
    }
  });
});
