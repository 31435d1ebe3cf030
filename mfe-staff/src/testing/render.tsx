import { render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { authStore, clearNotices, type Role } from 'shared-auth';
import { createPortalTheme, NoticeStack } from 'shared-auth/ui';
import { FeedbackProvider } from 'shared-auth/dialogs';

/** Test helper: puts a signed-in staff user in the shared store. */
export function signIn(role: Role, options: { universityId?: number | null; selectedUniversity?: number | null; id?: number } = {}) {
  authStore.setState({
    token: 'test-token',
    loading: false,
    loggingOut: false,
    selectedUniversity: options.selectedUniversity ?? null,
    user: {
      id: options.id ?? 1,
      email: `${role.toLowerCase()}@example.com`,
      phone: null,
      role,
      universityId: options.universityId === undefined ? (role === 'ADMIN' ? 7 : null) : options.universityId,
      name: `${role} Person`,
      sub: String(options.id ?? 1),
      exp: Math.floor(Date.now() / 1000) + 3600,
    },
  });
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders one page at a route, with the theme, the dialogs/toasts and a probe of the current path. */
export function renderPage(element: ReactElement, { path, route, state }: { path: string; route: string; state?: unknown }) {
  clearNotices();
  return render(
    <ThemeProvider theme={createPortalTheme()}>
      <FeedbackProvider>
        <MemoryRouter initialEntries={[{ pathname: route, state }]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<div>Elsewhere</div>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </FeedbackProvider>
      <NoticeStack />
    </ThemeProvider>,
  );
}

/** A failed call as ky reports it (shared-api recognises it by name, status and parsed body). */
export function httpError(status: number, data?: { message?: string; error?: string }): Error {
  return Object.assign(new Error(`Request failed with status code ${status}`), { name: 'HTTPError', response: { status }, data });
}
