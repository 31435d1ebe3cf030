import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { subscribersApi } from 'shared-api';
import ComingSoonPage from './ComingSoonPage';
import { httpError } from '../../../testing/render';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  subscribersApi: { count: jest.fn(), create: jest.fn() },
}));

const api = subscribersApi as jest.Mocked<typeof subscribersApi>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function fill(name: string, email: string) {
  fireEvent.change(screen.getByLabelText(/Your Name/), { target: { value: name } });
  fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: email } });
}

describe('ComingSoonPage', () => {
  beforeEach(() => {
    api.count.mockReset();
    api.create.mockReset();
  });
  afterEach(() => jest.useRealTimers());

  it('shows the logo, tagline, four services, the waitlist count and the social links', async () => {
    api.count.mockResolvedValue({ count: 1234 });
    render(<ComingSoonPage />);
    expect(screen.getByText('UniPortal')).toBeInTheDocument();
    expect(screen.getByText(/Your gateway to higher education/)).toBeInTheDocument();
    for (const title of ['University Advertising', 'Application Assistance', 'Course Deep Dives', 'University Advisory']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.queryByTestId('waitlist-count')).not.toBeInTheDocument();
    expect(await screen.findByTestId('waitlist-count')).toHaveTextContent('1,234');
    expect(api.count).toHaveBeenCalledTimes(1);
    const social = screen.getByRole('navigation', { name: 'Social media' });
    expect(social.querySelectorAll('a')).toHaveLength(4);
    social.querySelectorAll('a').forEach((a) => expect(a.getAttribute('rel')).toContain('noopener'));
  });

  it("counts in correct English: one other person, never 'Join 1 others'; nobody yet invites the first", async () => {
    api.count.mockResolvedValue({ count: 1 });
    const first = render(<ComingSoonPage />);
    const sentence = (pattern: RegExp) => (_: string, element: Element | null) => element?.tagName === 'P' && pattern.test(element.textContent ?? '');
    await screen.findByText(sentence(/^Join 1 other person already on the waitlist\.$/));
    expect(screen.queryByText(sentence(/1 others/))).toBeNull();
    first.unmount();

    api.count.mockResolvedValue({ count: 0 });
    render(<ComingSoonPage />);
    await screen.findByText('Be the first on the waitlist.');
  });

  it("shows 'many' when the count cannot be read", async () => {
    api.count.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<ComingSoonPage />);
    expect(await screen.findByTestId('waitlist-count')).toHaveTextContent('many');
  });

  it('requires a name and a valid email and sends them trimmed', async () => {
    api.count.mockResolvedValue({ count: 3 });
    api.create.mockResolvedValue({ message: 'Thanks for joining!' });
    render(<ComingSoonPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    fill('   ', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();

    fill('  Ada  ', '  ada@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' }));
    await screen.findByText('Thanks for joining!');
  });

  it("reads 'Submitting...' while sending, shows the server message and clears it after 2 s", async () => {
    jest.useFakeTimers();
    api.count.mockResolvedValue({ count: 3 });
    const pending = deferred<{ message: string }>();
    api.create.mockReturnValue(pending.promise);
    render(<ComingSoonPage />);
    fill('Ada', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    const busy = screen.getByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    api.count.mockResolvedValue({ count: 4 });
    await act(async () => pending.resolve({ message: 'You have been added to the waitlist.' }));
    expect(screen.getByRole('status')).toHaveTextContent('You have been added to the waitlist.');
    expect(screen.getByRole('button', { name: 'Join the Waitlist' })).toBeEnabled();
    expect(screen.getByLabelText(/Your Name/)).toHaveValue('');
    expect(api.count).toHaveBeenCalledTimes(2);
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('status')).toHaveTextContent('You have been added to the waitlist.');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("shows the server's refusal message", async () => {
    api.count.mockResolvedValue({ count: 3 });
    api.create.mockRejectedValue(httpError(409, { message: 'This email is already on the waitlist.' }));
    render(<ComingSoonPage />);
    fill('Ada', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await screen.findByText('This email is already on the waitlist.');
  });

  it("shows 'Network error. Try again later.' when the call fails", async () => {
    api.count.mockResolvedValue({ count: 3 });
    api.create.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<ComingSoonPage />);
    fill('Ada', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await screen.findByText('Network error. Try again later.');
    expect(screen.getByLabelText(/Your Name/)).toHaveValue('Ada');
  });
});
