/** Step 3 shows what shrinking a photo on the phone saved (issue 19 item 2). */
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { DocumentType } from 'shared-api';
import FilesStep from './components/FilesStep';
import type { ChosenFiles } from './model';

function Step() {
  const [files, setFiles] = useState<ChosenFiles>({});
  return <FilesStep files={files} errors={{}} onFile={(type: DocumentType, file: File | null) => setFiles((f) => ({ ...f, [type]: file ?? undefined }))} />;
}

beforeEach(() => {
  (globalThis as { createImageBitmap?: unknown }).createImageBitmap = jest.fn(async () => ({ width: 4032, height: 3024, close: jest.fn() }));
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ({ drawImage: jest.fn() }) as unknown as CanvasRenderingContext2D);
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback: BlobCallback, type?: string) {
    callback(new Blob([new Uint8Array(420 * 1024)], { type }));
  });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:photo'), revokeObjectURL: jest.fn() });
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
});

it('shows the photo chosen at its new size, with the size before and after', async () => {
  render(<Step />);
  const body = new Uint8Array(3.4 * 1024 * 1024);
  body.set([0xff, 0xd8, 0xff, 0xe0]);
  fireEvent.change(screen.getByLabelText(/Choose NRC front or passport/), { target: { files: [new File([body], 'nrc-front.jpg', { type: 'image/jpeg' })] } });
  const said = (text: string) => (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;
  await screen.findByText(said('Made smaller on this phone: 4032 × 3024, 3.4 MB → 2000 × 1500, 420.0 KB'));
  // Written as WebP where the browser can, and named for what it is.
  expect(screen.getByText(said('nrc-front.webp · 420.0 KB'))).toBeInTheDocument();
});

describe('nothing below a document moves as its picture and upload come in', () => {
  const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'nrc-front.jpg', { type: 'image/jpeg' });

  it("keeps the preview's frame, 160 × 120, before the picture arrives", () => {
    // No object URL yet: the moment between the step's first paint and its picture.
    Object.assign(URL, { createObjectURL: undefined });
    render(<FilesStep files={{ NRC_FRONT: photo() }} errors={{}} onFile={jest.fn()} />);
    const frame = screen.getByTestId('preview-frame');
    expect(getComputedStyle(frame).width).toBe('160px');
    expect(getComputedStyle(frame).height).toBe('120px');
  });

  it('shows the picture in the same 160 × 120 place', () => {
    render(<FilesStep files={{ NRC_FRONT: photo() }} errors={{}} onFile={jest.fn()} />);
    const picture = screen.getByRole('img', { name: 'Preview of nrc-front.jpg' });
    expect(picture).toHaveAttribute('width', '160');
    expect(picture).toHaveAttribute('height', '120');
    expect(screen.queryByTestId('preview-frame')).not.toBeInTheDocument();
  });

  it("keeps the progress bar's room while the upload waits, so the words stay put when it starts", () => {
    const { rerender } = render(<FilesStep files={{ NRC_FRONT: photo() }} errors={{}} uploads={{ NRC_FRONT: { status: 'queued' } }} onFile={jest.fn()} />);
    const waiting = screen.getByRole('status');
    expect(waiting).toHaveTextContent('Waiting to upload…');
    expect(getComputedStyle(waiting.firstElementChild!).height).toBe('4px');
    rerender(<FilesStep files={{ NRC_FRONT: photo() }} errors={{}} uploads={{ NRC_FRONT: { status: 'uploading', percent: 40 } }} onFile={jest.fn()} />);
    expect(screen.getByRole('progressbar', { name: 'NRC front or passport upload progress' })).toBeInTheDocument();
  });
});
