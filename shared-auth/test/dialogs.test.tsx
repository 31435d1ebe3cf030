import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DELETE_CONFIRMATION, FeedbackProvider, useFeedback } from '../src/dialogs';

function Probe() {
  const { confirm, alert } = useFeedback();
  const [answer, setAnswer] = useState('none');
  return (
    <>
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

// Messages (toasts) are the portal's one stack: shared-auth/test/notices.test.tsx.
describe('feedback dialogs', () => {
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
