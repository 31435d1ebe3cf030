/**
 * Photos shrunk on the phone (issue 19 item 2): the size a photo is drawn at,
 * what is drawn and sent, and a 6 MB photo accepted once it is smaller.
 * jsdom cannot draw: the browser's createImageBitmap and canvas are stood in
 * for, as a phone's browser would answer; the journey runs it in Chromium.
 */
import { prepareDocument, TOO_LARGE_MESSAGE } from './document-check';
import { MAX_LONG_EDGE, shrinkPhoto, targetSize } from './shrink-photo';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];

function fileOf(head: number[], bytes: number, name: string, type: string): File {
  const body = new Uint8Array(bytes);
  body.set(head);
  return new File([body], name, { type });
}

let drawn: unknown[][] = [];
let encodedBytes = 1000;
const close = jest.fn();

beforeEach(() => {
  drawn = [];
  encodedBytes = 1000;
  close.mockReset();
  (globalThis as { createImageBitmap?: unknown }).createImageBitmap = jest.fn(async () => ({ width: 4000, height: 3000, close }));
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ({ drawImage: (...args: unknown[]) => drawn.push(args) }) as unknown as CanvasRenderingContext2D);
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback: BlobCallback, type?: string) {
    callback(new Blob([new Uint8Array(encodedBytes)], { type }));
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
});

describe('targetSize', () => {
  it('keeps an image whose long edge is at most 2000 px, and scales a larger one to it, proportions kept', () => {
    expect(targetSize(1600, 1200)).toEqual({ width: 1600, height: 1200, scaled: false });
    expect(targetSize(4000, 3000)).toEqual({ width: MAX_LONG_EDGE, height: 1500, scaled: true });
    expect(targetSize(3024, 4032)).toEqual({ width: 1500, height: 2000, scaled: true });
  });
});

describe('shrinkPhoto', () => {
  it('draws a 4000 × 3000 photo at 2000 × 1500 with its EXIF orientation applied, written as WebP', async () => {
    const photo = fileOf(JPEG_HEAD, 4_000_000, 'nrc-front.jpg', 'image/jpeg');
    const shrunk = await shrinkPhoto(photo, 'image/jpeg');
    expect(createImageBitmap).toHaveBeenCalledWith(photo, { imageOrientation: 'from-image' });
    expect(drawn).toEqual([[expect.anything(), 0, 0, 2000, 1500]]);
    expect(shrunk?.file.name).toBe('nrc-front.webp');
    expect(shrunk?.file.type).toBe('image/webp');
    expect(shrunk?.before).toEqual({ bytes: 4_000_000, width: 4000, height: 3000 });
    expect(shrunk?.after).toEqual({ bytes: 1000, width: 2000, height: 1500 });
    expect(close).toHaveBeenCalled();
  });

  it('writes a photo as JPEG, named so, where the browser cannot write WebP', async () => {
    // Such a browser answers a request for WebP with a PNG.
    jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback: BlobCallback, type?: string) {
      callback(new Blob([new Uint8Array(encodedBytes)], { type: type === 'image/webp' ? 'image/png' : type }));
    });
    const shrunk = await shrinkPhoto(fileOf(JPEG_HEAD, 4_000_000, 'nrc-front.jpeg', 'image/jpeg'), 'image/jpeg');
    expect(shrunk?.file.type).toBe('image/jpeg');
    expect(shrunk?.file.name).toBe('nrc-front.jpeg');
  });

  it('keeps a large PNG (a scan, a screenshot) a PNG', async () => {
    const shrunk = await shrinkPhoto(fileOf(PNG_HEAD, 4_000_000, 'results.png', 'image/png'), 'image/png');
    expect(shrunk?.file.type).toBe('image/png');
    expect(shrunk?.file.name).toBe('results.png');
    expect(shrunk?.after.width).toBe(2000);
  });

  it('sends a PDF as it is, and a small PNG too (nothing to gain)', async () => {
    expect(await shrinkPhoto(fileOf([0x25, 0x50, 0x44, 0x46, 0x2d], 2000, 'results.pdf', 'application/pdf'), 'application/pdf')).toBeNull();
    (globalThis as { createImageBitmap?: unknown }).createImageBitmap = jest.fn(async () => ({ width: 800, height: 600, close }));
    expect(await shrinkPhoto(fileOf(PNG_HEAD, 2000, 'small.png', 'image/png'), 'image/png')).toBeNull();
    expect(drawn).toEqual([]);
  });

  it('draws a small JPEG again all the same: its EXIF (where it was taken) is left behind', async () => {
    (globalThis as { createImageBitmap?: unknown }).createImageBitmap = jest.fn(async () => ({ width: 800, height: 600, close }));
    const shrunk = await shrinkPhoto(fileOf(JPEG_HEAD, 300_000, 'back.jpg', 'image/jpeg'), 'image/jpeg');
    expect(drawn).toEqual([[expect.anything(), 0, 0, 800, 600]]);
    expect(shrunk?.after.width).toBe(800);
  });

  it('sends the original when the browser cannot draw it', async () => {
    (globalThis as { createImageBitmap?: unknown }).createImageBitmap = jest.fn(async () => {
      throw new Error('damaged');
    });
    expect(await shrinkPhoto(fileOf(JPEG_HEAD, 300_000, 'back.jpg', 'image/jpeg'), 'image/jpeg')).toBeNull();
  });
});

describe('prepareDocument', () => {
  it('accepts a 6 MB phone photo once it is shrunk under 5 MB, and sends the smaller file', async () => {
    const photo = fileOf(JPEG_HEAD, 6 * 1024 * 1024, 'nrc-back.jpg', 'image/jpeg');
    const prepared = await prepareDocument('NRC_BACK', photo);
    expect(prepared.problem).toBeNull();
    expect(prepared.file?.size).toBe(1000);
    expect(prepared.shrunk?.before.bytes).toBe(6 * 1024 * 1024);
  });

  it('still refuses a file that stays over 5 MB, and one whose content is not an accepted type', async () => {
    encodedBytes = 6 * 1024 * 1024;
    expect((await prepareDocument('NRC_BACK', fileOf(JPEG_HEAD, 7 * 1024 * 1024, 'huge.jpg', 'image/jpeg'))).problem).toBe(TOO_LARGE_MESSAGE);
    const html = new File(['<html><body>not a pdf</body></html>'], 'results.pdf', { type: 'application/pdf' });
    expect((await prepareDocument('ACADEMIC_RESULTS', html)).problem).toMatch(/Academic results/);
  });
});
