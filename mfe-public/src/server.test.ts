import { PAGES } from './pages';
import { canPrerender, codeFor, preloadFor, SERVER_RENDER_CONTRACT } from './server';

describe("the public remote's server entry", () => {
  it('speaks the render contract the shell expects', () => {
    expect(SERVER_RENDER_CONTRACT).toBe(1);
  });

  it('lets the server render the pages that look the same for every guest', () => {
    for (const path of ['/', '/home', '/about', '/learn-more', '/coming-soon', '/universities', '/forgot-password', '/privacy']) expect(canPrerender(path)).toBe(true);
  });

  it("leaves to the browser a university's programs (which depends on this browser's saved choice) and reset links", () => {
    expect(canPrerender('/guest/programs/4')).toBe(false);
    expect(canPrerender('/reset-password/abc.def')).toBe(false);
    expect(canPrerender('/dashboard')).toBe(false);
  });

  it('names the API responses a page shows, so the server embeds them', () => {
    expect(preloadFor('/universities')).toEqual(['/api/universities']);
    expect(preloadFor('/home')).toEqual([]);
  });

  it("names the code of each page it lets the server render, so the page's head can name its scripts", () => {
    expect(codeFor('/home')).toBe('landing');
    expect(codeFor('/learn-more')).toBe('about');
    expect(codeFor('/coming-soon')).toBe('comingSoon');
    for (const page of PAGES.pages.filter((p) => 'prerender' in p && p.prerender)) expect([page.path, typeof codeFor(page.path)]).toEqual([page.path, 'string']);
    expect(codeFor('/dashboard')).toBeNull();
  });
});
