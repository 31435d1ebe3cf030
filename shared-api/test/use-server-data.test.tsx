/**
 * @jest-environment jsdom
 *
 * The one data-loading hook: loading, answer, error, refresh keeping the data,
 * and a slow answer for old inputs never overwriting the newer one.
 */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
// From the module itself: the package's index also loads the HTTP client, which jsdom cannot run.
import { useServerData } from '../src/client/use-server-data';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Names({ load, dep }: { load: (() => Promise<string[]>) | null; dep: string }) {
  const { data, loading, refreshing, error, refresh, setData } = useServerData(load, [dep]);
  return (
    <div>
      {loading && <p>Loading…</p>}
      {refreshing && <p>Refreshing…</p>}
      {error ? <p role="alert">Failed</p> : null}
      <p>{data ? data.join(', ') : 'no data'}</p>
      <button onClick={() => void refresh()}>Refresh</button>
      <button onClick={() => setData((old) => [...(old ?? []), 'added'])}>Add</button>
    </div>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('shows loading, then the answer', async () => {
  const answer = deferred<string[]>();
  render(<Names load={() => answer.promise} dep="a" />);
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  await act(async () => answer.resolve(['UNZA', 'CBU']));
  expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  expect(screen.getByText('UNZA, CBU')).toBeInTheDocument();
});

test('an error is shown, and a refresh that succeeds clears it', async () => {
  let calls = 0;
  const load = () => (++calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve(['UNZA']));
  render(<Names load={load} dep="a" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed');
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  expect(await screen.findByText('UNZA')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a refresh keeps the old data on screen until the new answer arrives', async () => {
  const second = deferred<string[]>();
  let calls = 0;
  const load = () => (++calls === 1 ? Promise.resolve(['old']) : second.promise);
  render(<Names load={load} dep="a" />);
  expect(await screen.findByText('old')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  expect(screen.getByText('Refreshing…')).toBeInTheDocument();
  expect(screen.getByText('old')).toBeInTheDocument();
  await act(async () => second.resolve(['new']));
  expect(screen.getByText('new')).toBeInTheDocument();
  expect(screen.queryByText('Refreshing…')).not.toBeInTheDocument();
});

test('a slow answer for old inputs never overwrites the newer one', async () => {
  const slow = deferred<string[]>();
  const { rerender } = render(<Names load={() => slow.promise} dep="university 1" />);
  rerender(<Names load={() => Promise.resolve(['for university 2'])} dep="university 2" />);
  expect(await screen.findByText('for university 2')).toBeInTheDocument();
  await act(async () => slow.resolve(['for university 1']));
  expect(screen.getByText('for university 2')).toBeInTheDocument();
  expect(screen.queryByText('for university 1')).not.toBeInTheDocument();
});

test('nothing to ask yet: no call and not loading', () => {
  render(<Names load={null} dep="none" />);
  expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  expect(screen.getByText('no data')).toBeInTheDocument();
});

test("the screen's own edit changes what is shown", async () => {
  render(<Names load={() => Promise.resolve(['UNZA'])} dep="a" />);
  expect(await screen.findByText('UNZA')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  expect(screen.getByText('UNZA, added')).toBeInTheDocument();
});

test('an answer in hand is shown without a call; new inputs ask', async () => {
  function Preloaded({ load, dep }: { load: () => Promise<string[]>; dep: string }) {
    const { data, loading } = useServerData(load, [dep], { initial: ['rendered'] });
    return <p>{loading ? 'Loading…' : (data ?? []).join(', ')}</p>;
  }
  const load = jest.fn(() => Promise.resolve(['asked']));
  const { rerender } = render(<Preloaded load={load} dep="a" />);
  expect(screen.getByText('rendered')).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
  rerender(<Preloaded load={load} dep="b" />);
  expect(await screen.findByText('asked')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

test("new inputs clear the old answer, unless it is kept while the new one loads (a list's next page)", async () => {
  function Pages({ page, keep, load }: { page: number; keep: boolean; load: (page: number) => Promise<string[]> }) {
    const { data, loading, refreshing } = useServerData(() => load(page), [page], { keepWhileLoading: keep });
    return (
      <div>
        {loading && <p>Loading…</p>}
        {refreshing && <p>Refreshing…</p>}
        <p>{data ? data.join(', ') : 'no data'}</p>
      </div>
    );
  }
  const second = deferred<string[]>();
  const load = (page: number) => (page === 1 ? Promise.resolve(['page one']) : second.promise);

  const dropped = render(<Pages page={1} keep={false} load={load} />);
  expect(await screen.findByText('page one')).toBeInTheDocument();
  dropped.rerender(<Pages page={2} keep={false} load={load} />);
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  expect(screen.queryByText('page one')).not.toBeInTheDocument();
  dropped.unmount();

  const kept = render(<Pages page={1} keep load={load} />);
  expect(await screen.findByText('page one')).toBeInTheDocument();
  kept.rerender(<Pages page={2} keep load={load} />);
  expect(screen.getByText('Refreshing…')).toBeInTheDocument();
  expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  expect(screen.getByText('page one')).toBeInTheDocument();
  await act(async () => second.resolve(['page two']));
  expect(screen.getByText('page two')).toBeInTheDocument();
  expect(screen.queryByText('Refreshing…')).not.toBeInTheDocument();
});
