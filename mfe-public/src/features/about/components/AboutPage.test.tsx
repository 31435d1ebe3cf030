import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { contactApi } from 'shared-api';
import AboutPage from './AboutPage';
import { httpError } from '../../../testing/render';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  contactApi: { send: jest.fn() },
}));
const send = contactApi.send as jest.MockedFunction<typeof contactApi.send>;

function renderAbout() {
  return render(
    <MemoryRouter initialEntries={['/about']}>
      <AboutPage />
    </MemoryRouter>,
  );
}

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('AboutPage', () => {
  it('shows the stats, story, mission, values, team, office hours and the start button', () => {
    renderAbout();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    for (const [value, label] of [
      ['50,000+', 'Students Guided'],
      ['500+', 'University Partners'],
      ['95%', 'Success Rate'],
      ['50+', 'Countries Served'],
    ]) {
      expect(screen.getByText(value)).toBeInTheDocument();
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Our Story' })).toBeInTheDocument();
    expect(screen.getByText(/founded in 2025/)).toHaveTextContent('former admissions officers and technologists');
    expect(screen.getByText(/AI-powered matching with human expertise/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our Mission' })).toBeInTheDocument();
    for (const value of ['Excellence', 'Empowerment', 'Accessibility', 'Innovation']) {
      expect(screen.getByRole('heading', { name: value })).toBeInTheDocument();
    }
    const team = screen.getByRole('heading', { name: 'Meet Our Team' }).closest('section') as HTMLElement;
    expect(within(team).getAllByRole('listitem')).toHaveLength(4);
    expect(within(team).getByText('Chief Executive Officer')).toBeInTheDocument();
    expect(within(team).getByText('CM')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Get In Touch' })).toBeInTheDocument();
    expect(screen.getByText('Mon-Fri')).toBeInTheDocument();
    expect(screen.getByText('8:00 AM-6:00 PM')).toBeInTheDocument();
    expect(screen.getByText('Sat')).toBeInTheDocument();
    expect(screen.getByText('9:00 AM-2:00 PM')).toBeInTheDocument();
    expect(screen.getByText('Sun')).toBeInTheDocument();
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/register');
  });

  it('requires every contact field and a valid email', () => {
    renderAbout();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your message.')).toBeInTheDocument();
    expect(screen.queryByText("Thank you for your message! We'll get back to you soon.")).not.toBeInTheDocument();

    fill(/Your Name/, 'Ada');
    fill(/Email Address/, 'ada@example');
    fill(/Subject/, 'Admissions');
    fill(/Message/, 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your name.')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Email Address/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("sends the message to the portal's team, then thanks the sender and clears the form", async () => {
    send.mockResolvedValueOnce({ message: 'Your message has been sent to the UniPortal team.' });
    renderAbout();
    fill(/Your Name/, 'Ada Lovelace');
    fill(/Email Address/, 'ada@example.com');
    fill(/Subject/, 'Admissions');
    fill(/Message/, 'When does the intake open?');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Thank you for your message! We'll get back to you soon.");
    expect(send).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Admissions', message: 'When does the intake open?' });
    for (const label of [/Your Name/, /Email Address/, /Subject/, /Message/]) expect(screen.getByLabelText(label)).toHaveValue('');
  });

  it('does not thank the sender when the message was not sent, and keeps what was typed', async () => {
    send.mockRejectedValueOnce(httpError(503, { message: 'The service is briefly unavailable. Please try again in a moment.' }));
    renderAbout();
    fill(/Your Name/, 'Ada Lovelace');
    fill(/Email Address/, 'ada@example.com');
    fill(/Subject/, 'Admissions');
    fill(/Message/, 'When does the intake open?');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your message could not be sent. Please try again in a moment.');
    expect(screen.queryByText("Thank you for your message! We'll get back to you soon.")).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Message/)).toHaveValue('When does the intake open?');
  });
});
