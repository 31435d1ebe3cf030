/**
 * @jest-environment node
 */
// The server renders the staff dashboard for its person (decision 013): with no screen to
// measure, a chart must still draw its marks, not its legend alone.
import { renderToString } from 'react-dom/server';
import DashboardCharts from './components/DashboardCharts';
import { STATS as stats } from './fixtures';

/** Each figure's HTML, by its aria-label. */
function figures(html: string): Map<string, string> {
  return new Map([...html.matchAll(/<figure[^>]*aria-label="([^"]+)"[^>]*>([\s\S]*?)<\/figure>/g)].map((m) => [m[1]!, m[2]!]));
}

it('draws every chart with its marks on the server, at a set width, with ids the browser draws alike', () => {
  const html = renderToString(<DashboardCharts stats={stats} variant="superuser" />);
  const drawn = figures(html);
  expect([...drawn.keys()]).toEqual(['Programs by Faculty', 'Student Distribution', 'Applications by Status', 'Submissions in the Last 7 Days']);
  for (const [title, figure] of drawn) {
    // The chart's own drawing surface (the legend's marks are small svgs of their own).
    const surface = /<svg viewBox="0 0 320 \d+"[^>]*>([\s\S]*?)<\/svg>/.exec(figure);
    expect([title, surface !== null]).toEqual([title, true]);
    expect([title, /<(path|rect)\b/.test(surface![1]!)]).toEqual([title, true]);
  }
  // No id counted up per render: the browser adopting this HTML counts from its own start.
  expect(html).not.toContain('auto-generated-id');
});
