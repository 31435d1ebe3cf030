/**
 * The one notification stack (spec §9): messages from anywhere in one stack, top
 * right, closed after 5000 ms, held while pointed at or focused, Alt+T.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { clearNotices, notify } from 'shared-auth';
import { NOTICE_DURATION_MS, NoticeStack } from 'shared-auth/ui';

beforeEach(() => {
  jest.useFakeTimers();
  clearNotices();
});
afterEach(() => {
  jest.useRealTimers();
});

async function shown(text: string) {
  return screen.findByText(text, { selector: '.MuiAlert-message' });
}

test('messages from several places share one stack and close after 5000 ms', async () => {
  render(<NoticeStack />);
  const raised = Date.now();
  act(() => {
    notify('Program created successfully!', 'success');
    notify('Please sign in to view program details.', 'warning');
  });
  const stack = screen.getByRole('region', { name: 'Notifications (Alt+T)' });
  await shown('Program created successfully!');
  await shown('Please sign in to view program details.');
  expect(stack.querySelectorAll('.MuiAlert-root')).toHaveLength(2);
  // Finding the messages let some fake time pass (the Alert loads with the first one).
  act(() => jest.advanceTimersByTime(NOTICE_DURATION_MS - (Date.now() - raised) - 1));
  expect(screen.getByText('Program created successfully!')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Program created successfully!')).not.toBeInTheDocument();
  expect(screen.queryByText('Please sign in to view program details.')).not.toBeInTheDocument();
});

test('a message stays while the pointer is on it, and for the rest of its time after', async () => {
  render(<NoticeStack />);
  const raised = Date.now();
  act(() => notify('Password reset successfully.', 'success'));
  const message = await shown('Password reset successfully.');
  act(() => jest.advanceTimersByTime(3000 - (Date.now() - raised)));
  fireEvent.mouseEnter(message.closest('.MuiAlert-root')!.parentElement!);
  act(() => jest.advanceTimersByTime(60_000));
  expect(screen.getByText('Password reset successfully.')).toBeInTheDocument();
  fireEvent.mouseLeave(message.closest('.MuiAlert-root')!.parentElement!);
  act(() => jest.advanceTimersByTime(1999));
  expect(screen.getByText('Password reset successfully.')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Password reset successfully.')).not.toBeInTheDocument();
});

test('a focused message stays; Alt+T moves the focus to the stack; Close removes it', async () => {
  render(<NoticeStack />);
  act(() => notify('Application approved', 'success'));
  await shown('Application approved');
  fireEvent.keyDown(window, { key: 't', altKey: true });
  expect(screen.getByRole('region', { name: 'Notifications (Alt+T)' })).toHaveFocus();
  const close = screen.getByRole('button', { name: 'Close' });
  act(() => close.focus());
  act(() => jest.advanceTimersByTime(60_000));
  expect(screen.getByText('Application approved')).toBeInTheDocument();
  fireEvent.click(close);
  expect(screen.queryByText('Application approved')).not.toBeInTheDocument();
});
