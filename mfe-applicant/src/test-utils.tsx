/** Test helpers: a router, the toasts and a signed-in applicant. */
import { HTTPError } from 'ky';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { authStore, clearNotices, type SessionUser } from 'shared-auth';
import { NoticeStack } from 'shared-auth/ui';
import { FeedbackProvider } from 'shared-auth/dialogs';

export const applicant: SessionUser = {
  id: 7,
  email: 'ada@example.com',
  phone: '0971234567',
  role: 'USER',
  universityId: null,
  name: 'Ada Banda',
  sub: '7',
  exp: Math.floor(Date.now() / 1000) + 3600,
};

export function signIn(overrides: Partial<SessionUser> = {}): void {
  authStore.setState({ token: 'token', user: { ...applicant, ...overrides }, loading: false, loggingOut: false, selectedUniversity: null });
}

export function signOut(): void {
  authStore.setState({ token: null, user: null, loading: false, loggingOut: false, selectedUniversity: null });
}

function Elsewhere() {
  return <p>Now at {useLocation().pathname}</p>;
}

export function renderAt(element: ReactElement, { path, url }: { path: string; url: string }) {
  clearNotices();
  return render(
    <>
      <FeedbackProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </FeedbackProvider>
      <NoticeStack />
    </>,
  );
}

/** A ky HTTPError as the client throws it (jsdom has no Response, so plain objects stand in). */
export function httpError(status: number, data?: unknown): HTTPError {
  const error = new HTTPError({ status, statusText: '' } as never, { method: 'GET', url: 'http://localhost/api/x' } as never, {} as never);
  error.data = data;
  return error;
}
