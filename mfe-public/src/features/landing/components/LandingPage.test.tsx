import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import LandingPage from './LandingPage';
import { TESTIMONIALS } from '../data/content';

function renderLanding() {
  return render(
    <MemoryRouter initialEntries={['/home']}>
      <LandingPage />
    </MemoryRouter>,
  );
}

function currentQuote() {
  const slide = screen.getByRole('group', { name: /of 3/ });
  return within(slide).getByText(/“/).textContent;
}

describe('LandingPage', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the top bar links, the hero actions and the sample statistics', () => {
    renderLanding();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    expect(within(nav).getByRole('link', { name: 'Universities' })).toHaveAttribute('href', '/universities');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/learn-more');
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');

    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/register');
    const demo = screen.getByRole('link', { name: /Watch Demo/ });
    expect(demo).toHaveAttribute('target', '_blank');
    expect(demo.getAttribute('rel')).toContain('noopener');
    expect(demo.getAttribute('href')).toMatch(/^https:\/\//);

    for (const text of ['50K+', '500+', '95%', '24/7', 'Students', 'Universities', 'Success Rate', 'Support', '85%']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuenow', '85');
  });

  it('has the features section with the marketing claims, the call to action and a footer', () => {
    const { container } = renderLanding();
    const features = container.querySelector('#features') as HTMLElement;
    expect(features).not.toBeNull();
    expect(within(features).getByText('AI-Powered Program Matching')).toBeInTheDocument();
    expect(within(features).getByText('Expert Guidance')).toBeInTheDocument();
    expect(within(features).getByText(/advisors and alumni/)).toBeInTheDocument();
    expect(within(features).getByText('Real-Time Application Tracking')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your Free Account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('rotates the three testimonials every 5000 ms', () => {
    jest.useFakeTimers();
    renderLanding();
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
    expect(currentQuote()).toContain(TESTIMONIALS[0].quote);

    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('group', { name: '2 of 3' })).toBeInTheDocument();
    expect(currentQuote()).toContain(TESTIMONIALS[1].quote);
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('group', { name: '3 of 3' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '1 of 3' }).parentElement).toHaveAttribute('aria-live', 'polite');
  });

  it('stops rotating when paused and resumes on play', () => {
    jest.useFakeTimers();
    renderLanding();
    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    act(() => jest.advanceTimersByTime(20_000));
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Play testimonials' }));
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('group', { name: '2 of 3' })).toBeInTheDocument();
  });

  it('moves with the previous, next and dot buttons', () => {
    jest.useFakeTimers();
    renderLanding();
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(screen.getByRole('group', { name: '3 of 3' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
    const dot = screen.getByRole('button', { name: 'Show testimonial 2' });
    expect(dot.tagName).toBe('BUTTON');
    fireEvent.click(dot);
    expect(screen.getByRole('group', { name: '2 of 3' })).toBeInTheDocument();
    expect(dot).toHaveAttribute('aria-current', 'true');
    // a manual move restarts the 5 s period
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.getByRole('group', { name: '2 of 3' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('group', { name: '3 of 3' })).toBeInTheDocument();
  });
});
