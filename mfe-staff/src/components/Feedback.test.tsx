import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DELETE_CONFIRMATION, FeedbackProvider, useFeedback } from './Feedback';

function Probe() {
  const { toast, confirm, alert } = useFeedback();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button onClick={() => toast('Saved it')}>toast</button>
      <button onClick={() => void confirm(DELETE_CONFIRMATION).then((ok) => setAnswer(String(ok)))}>confirm</button>
      <button onClick={() => void alert({ title: 'Success', text: 'Done', icon: 'success' }).then(() => setAnswer('closed'))}>alert</button>
      <p>answer: {answer}</p>
    </>
  );
}

const show = () =>
  render(
    <FeedbackProvider>
      <Probe />
    </FeedbackProvider>,
  );

describe('feedback', () => {
  afterEach(() => jest.useRealTimers());

  it('shows a toast at the top right and closes it after 5 seconds', async () => {
    jest.useFakeTimers();
    show();
    fireEvent.click(screen.getByRole('button', { name: 'toast' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Saved it');
    expect(toast.closest('.MuiSnackbar-anchorOriginTopRight')).not.toBeNull();
    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText('Saved it')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Saved it')).not.toBeInTheDocument();
  });

  it('focuses the toast on Alt+T (which also pauses its timer)', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'toast' }));
    const toast = await screen.findByRole('alert');
    expect(toast).not.toHaveFocus();
    fireEvent.keyDown(window, { key: 't', altKey: true });
    expect(toast).toHaveFocus();
  });

  it('resolves the confirmation with the choice', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toHaveAccessibleDescription("You won't be able to revert this!");
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('answer: false')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'confirm' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('answer: true')).toBeInTheDocument();
  });

  it('resolves an alert when OK is pressed', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'alert' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('answer: closed')).toBeInTheDocument();
  });
});
