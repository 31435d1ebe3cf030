import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider, useToast } from './Toaster';

function Trigger() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast('Saved', { severity: 'success' })}>
      Notify
    </button>
  );
}

function renderToaster() {
  return render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
}

describe('Toaster', () => {
  afterEach(() => jest.useRealTimers());

  it('shows a toast at the top right and closes it after 5000 ms', async () => {
    jest.useFakeTimers();
    renderToaster();
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Saved');
    expect(toast.parentElement?.className).toMatch(/anchorOriginTopRight/);
    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('moves the focus to the toast with Alt+T', async () => {
    renderToaster();
    fireEvent.keyDown(window, { key: 't', altKey: true });
    expect(document.body).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    const toast = await screen.findByRole('alert');
    fireEvent.keyDown(window, { key: 't', altKey: true });
    expect(toast).toHaveFocus();
  });

  it('can be closed by the user', async () => {
    jest.useFakeTimers();
    renderToaster();
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    fireEvent.click(await screen.findByRole('button', { name: /close/i }));
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('refuses to work outside its provider', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger />)).toThrow('useToast must be used inside <ToastProvider>');
    log.mockRestore();
  });
});
