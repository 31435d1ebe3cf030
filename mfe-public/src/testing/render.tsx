import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { clearNotices } from 'shared-auth';
import { NoticeStack } from 'shared-auth/ui';

/** Shows the current path, so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders a page at a path inside a router, with the portal's notification stack. */
export function renderAt(path: string, routePath: string, element: ReactElement) {
  clearNotices();
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={routePath} element={element} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
      <NoticeStack />
    </MemoryRouter>,
  );
}

/** An error shaped like ky's HTTPError (what `errorText` reads). */
export function httpError(status: number, data?: { message?: string; error?: string }) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    name: 'HTTPError',
    data,
    response: { status },
  });
}
