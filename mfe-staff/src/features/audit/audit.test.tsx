import { screen } from '@testing-library/react';
import { auditApi } from 'shared-api';
import { renderPage, signIn } from '../../testing/render';
import { AuditLog } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, auditApi: { list: jest.fn() } };
});
const api = auditApi as jest.Mocked<typeof auditApi>;
beforeEach(() => jest.resetAllMocks());

describe('audit log', () => {
  it('lists a page of entries', async () => {
    signIn('SUPERUSER');
    api.list.mockResolvedValue({
      items: [
        { id: 1, at: '2026-11-20T10:00:00.000Z', actorId: 1, actorEmail: 'root@portal.zm', action: 'application.approve', target: 'application:5', outcome: 'success', ip: '127.0.0.1', detail: null },
      ],
      total: 1,
      page: 1,
      size: 20,
    });
    renderPage(<AuditLog />, { path: '/audit', route: '/audit' });
    await screen.findByText('application.approve');
    expect(screen.getByText('root@portal.zm')).toBeInTheDocument();
    expect(screen.getByText('application:5')).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledWith({ page: 1, size: 20, search: undefined });
  });

  it('shows the empty and error states', async () => {
    signIn('SUPERUSER');
    api.list.mockResolvedValueOnce({ items: [], total: 0, page: 1, size: 20 });
    const view = renderPage(<AuditLog />, { path: '/audit', route: '/audit' });
    await screen.findByText('No audit entries found.');
    view.unmount();
    api.list.mockRejectedValueOnce(new Error('x'));
    renderPage(<AuditLog />, { path: '/audit', route: '/audit' });
    await screen.findByText('Failed to fetch the audit log');
  });
});
