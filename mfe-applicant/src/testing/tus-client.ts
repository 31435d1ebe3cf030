/**
 * tus-js-client stood in for at its module boundary: every Upload the code
 * creates is kept, with the file and options it was given, for the test to
 * drive (progress, success, errors). A test file mocks with it as
 *   jest.mock('tus-js-client', () => jest.requireActual('<path>/testing/tus-client').tusClientStandIn());
 * and reads `uploadsMade` (a jest.mock factory may only reach other modules through require).
 */
export interface UploadStandIn {
  file: File;
  options: {
    chunkSize: number;
    metadata: Record<string, string>;
    retryDelays: number[];
    removeFingerprintOnSuccess: boolean;
    onBeforeRequest(request: { setHeader(name: string, value: string): void }): void;
    onProgress(sent: number, total: number): void;
    onSuccess(): void;
    onError(error: Error): void;
  };
  url: string | null;
  start: jest.Mock;
  abort: jest.Mock;
}

/** The uploads created so far, oldest first; a test empties it in beforeEach. */
export const uploadsMade: UploadStandIn[] = [];

export function tusClientStandIn() {
  return {
    Upload: jest.fn().mockImplementation((file: File, options: UploadStandIn['options']) => {
      const upload = {
        file,
        options,
        url: null,
        start: jest.fn(),
        abort: jest.fn(() => Promise.resolve()),
        findPreviousUploads: jest.fn(() => Promise.resolve([])),
        resumeFromPreviousUpload: jest.fn(),
      };
      uploadsMade.push(upload);
      return upload;
    }),
  };
}
