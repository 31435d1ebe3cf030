import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, filesApi } from 'shared-api';
import { renderPage, signIn } from '../../testing/render';
import { downloadLetter } from './api/downloadLetter';
import { getApplicationOffer } from './api/getApplicationOffer';
import { makeApplication, makeOffer } from './fixtures';
import { ApplicationDetail } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, applicationsApi: { get: jest.fn(), update: jest.fn(), notes: jest.fn(), addNote: jest.fn(), reviewDocument: jest.fn() }, filesApi: { download: jest.fn() } };
});
jest.mock('./api/getApplicationOffer', () => ({ getApplicationOffer: jest.fn() }));
jest.mock('./api/downloadLetter', () => ({ downloadLetter: jest.fn() }));

const api = applicationsApi as jest.Mocked<typeof applicationsApi>;
const offerOf = getApplicationOffer as jest.MockedFunction<typeof getApplicationOffer>;
const letterDownload = downloadLetter as jest.MockedFunction<typeof downloadLetter>;

const OFFER = makeOffer({ type: 'CONDITIONAL', conditions: 'A credit in Mathematics at Grade 12' });

beforeEach(() => {
  jest.resetAllMocks();
  (filesApi.download as jest.Mock).mockRejectedValue(new Error('not answered in this test'));
  api.notes.mockResolvedValue([]);
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:pdf'), revokeObjectURL: jest.fn() });
  // jsdom cannot follow a download link: the click itself is what the browser acts on.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

const show = () => renderPage(<ApplicationDetail />, { path: '/applications/:id', route: '/applications/1' });

describe('offer and letters on the staff application detail', () => {
  it('shows the terms, the deadline in Lusaka time, where the offer stands and the letter with its code', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'OFFERED' }));
    offerOf.mockResolvedValue(OFFER);
    show();
    const section = await screen.findByRole('region', { name: 'Offer and Letters' });
    expect(offerOf).toHaveBeenCalledWith(1);
    for (const text of ['Medicine', 'Conditional', 'A credit in Mathematics at Grade 12', '11 Dec 2026, 10:00 (Lusaka time)', 'Open: waiting for the applicant'])
      expect(await within(section).findByText(text)).toBeInTheDocument();
    expect(within(section).getByText('Verification code ABCDE-FGHJK-MNPQR-STVWX')).toBeInTheDocument();

    letterDownload.mockResolvedValue(new Blob(['%PDF'], { type: 'application/pdf' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Download offer letter (PDF)' }));
    expect(letterDownload).toHaveBeenCalledWith('/api/letters/3');
    expect(URL.createObjectURL).toHaveBeenCalled();
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
  });

  it('says so when a letter cannot be downloaded', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'OFFERED' }));
    offerOf.mockResolvedValue(OFFER);
    letterDownload.mockRejectedValue(new Error('offline'));
    show();
    const section = await screen.findByRole('region', { name: 'Offer and Letters' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Download offer letter (PDF)' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Could not download the letter. Please try again.');
  });

  it('asks nothing for an application without a decision', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING_REVIEW' }));
    show();
    expect(await screen.findByRole('region', { name: 'Personal Information' })).toBeInTheDocument();
    expect(offerOf).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Offer and Letters' })).not.toBeInTheDocument();
  });
});
