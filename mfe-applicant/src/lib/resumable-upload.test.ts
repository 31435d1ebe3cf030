import { createMemoryFileStore, setFileStore } from './file-store';
import { forgetResumableUploads, uploadAddresses } from './resumable-upload';

const upload = (uploadUrl: string) => ({ size: 420_000, metadata: { documentType: 'NRC_FRONT' }, creationTime: '2026-11-28T01:00:00Z', urlStorageKey: '', uploadUrl, parallelUploadUrls: null });

beforeEach(() => {
  setFileStore(createMemoryFileStore());
  localStorage.clear();
});

describe('where an upload keeps its address', () => {
  it('keeps it through the login form clearing local storage, so the upload continues after signing in again', async () => {
    const key = await uploadAddresses.addUpload('portal-upload-7-NRC_FRONT-nrc.webp-420000-1', upload('/api/uploads/abc'));
    // Spec §4: the login form clears all local storage on each submit.
    localStorage.clear();
    expect(await uploadAddresses.findUploadsByFingerprint('portal-upload-7-NRC_FRONT-nrc.webp-420000-1')).toEqual([{ ...upload('/api/uploads/abc'), urlStorageKey: key }]);
    expect(await uploadAddresses.findUploadsByFingerprint('portal-upload-7-NRC_BACK-nrc.webp-420000-1')).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it('forgets only the account whose submission used them', async () => {
    await uploadAddresses.addUpload('portal-upload-7-NRC_FRONT-a.webp-1-1', upload('/api/uploads/a'));
    await uploadAddresses.addUpload('portal-upload-70-NRC_FRONT-b.webp-1-1', upload('/api/uploads/b'));
    const removed = await uploadAddresses.addUpload('portal-upload-7-NRC_BACK-c.webp-1-1', upload('/api/uploads/c'));
    await uploadAddresses.removeUpload(removed);
    expect((await uploadAddresses.findAllUploads()).map((u) => u.uploadUrl).sort()).toEqual(['/api/uploads/a', '/api/uploads/b']);
    await forgetResumableUploads(7);
    expect((await uploadAddresses.findAllUploads()).map((u) => u.uploadUrl)).toEqual(['/api/uploads/b']);
  });
});
