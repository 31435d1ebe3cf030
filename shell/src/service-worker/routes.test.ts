import { dataCacheKey, isApplicantRead, isHashedAsset, isVersionPointer, remoteFilesOf } from './routes';

describe("the service worker's rules", () => {
  it("keeps the applicant's own reads and the catalogue they are shown with", () => {
    for (const path of [
      '/api/applications/user/7',
      '/api/applications/12',
      '/api/drafts/mine',
      '/api/users/7',
      '/api/notifications/unread-count',
      '/api/universities/3/intakes',
      '/api/programs/university/3',
    ]) {
      expect([path, isApplicantRead(path)]).toEqual([path, true]);
    }
  });

  it('never keeps downloads, receipts, letters, exports, staff lists or anything else', () => {
    for (const path of [
      '/api/files/12/download',
      '/api/drafts/mine/files/NRC_FRONT',
      '/api/payments/5/receipt',
      '/api/payments/5/receipt.pdf',
      '/api/offers/4/letter',
      '/api/users/me/export',
      '/api/applications',
      '/api/applications/12/notes',
      '/api/users',
      '/api/audit',
      '/api/dashboard/stats',
    ]) {
      expect([path, isApplicantRead(path)]).toEqual([path, false]);
    }
  });

  it("keys a saved answer by its user, so two people's answers to one URL never meet", () => {
    expect(dataCacheKey('https://portal.example/api/drafts/mine', 7)).toBe('https://portal.example/api/drafts/mine?offline-user=7');
    expect(dataCacheKey('https://portal.example/api/drafts/mine', 8)).not.toBe(dataCacheKey('https://portal.example/api/drafts/mine', 7));
  });

  it('tells hashed files from the files that name the deployed versions', () => {
    expect(isHashedAsset('/remotes/mfe-applicant/1.0.0/wizard-upload.4955a829.js')).toBe(true);
    expect(isHashedAsset('/remotes/mfe-applicant/1.0.0/remoteEntry.js')).toBe(false);
    expect(isVersionPointer('/remotes.json')).toBe(true);
    expect(isVersionPointer('/remotes/mfe-applicant/1.0.0/remoteEntry.js')).toBe(true);
    expect(isVersionPointer('/remotes/mfe-applicant/1.0.0/mf-manifest.json')).toBe(true);
    expect(isVersionPointer('/main.12345678.js')).toBe(false);
  });

  it("lists a remote version's exposed files from its mf-manifest.json, not its own copies of shared modules", () => {
    const manifest = {
      exposes: [{ assets: { js: { sync: ['1.aaaaaaaa.js', '__federation_expose_App.bbbbbbbb.js'], async: ['wizard-upload.cccccccc.js'] }, css: { sync: [], async: [] } } }],
      shared: [{ assets: { js: { sync: ['react.dddddddd.js'], async: [] } } }],
    };
    expect(remoteFilesOf(manifest, 'https://portal.example/remotes/mfe-applicant/2.0.0/mf-manifest.json')).toEqual([
      'https://portal.example/remotes/mfe-applicant/2.0.0/1.aaaaaaaa.js',
      'https://portal.example/remotes/mfe-applicant/2.0.0/__federation_expose_App.bbbbbbbb.js',
      'https://portal.example/remotes/mfe-applicant/2.0.0/wizard-upload.cccccccc.js',
    ]);
    expect(remoteFilesOf(null, 'https://portal.example/x/mf-manifest.json')).toEqual([]);
  });
});
