import { canPrerender, codeFor, preloadFor, SERVER_RENDER_CONTRACT } from './server';

describe("the staff remote's server entry", () => {
  it('speaks the render contract the shell expects', () => {
    expect(SERVER_RENDER_CONTRACT).toBe(1);
  });

  it('renders the queue and the dashboard for their person, with the responses each shows at first', () => {
    expect(canPrerender('/applications')).toBe(true);
    expect(preloadFor('/applications')).toEqual(['/api/applications?page=1&size=20', '/api/universities']);
    expect(canPrerender('/dashboard')).toBe(true);
    // The unscoped figures, as the dashboard asks for them with no university selected.
    expect(preloadFor('/dashboard')).toEqual(['/api/dashboard/stats', '/api/universities']);
    // The names of their code (the charts' too), so the page's head names their scripts.
    expect(codeFor('/dashboard')).toEqual(['staff-dashboard', 'dashboard-charts']);
    expect(codeFor('/applications')).toEqual(['staff-applications']);
  });

  it('leaves every other staff page to the browser', () => {
    for (const path of ['/applications/5', '/programs', '/intakes', '/intakes/2', '/fee-waivers', '/users', '/students/all', '/audit', '/notifications', '/profile', '/universities/all']) {
      expect([path, canPrerender(path)]).toEqual([path, false]);
      expect(preloadFor(path)).toEqual([]);
    }
  });
});
