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
