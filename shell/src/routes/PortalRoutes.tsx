/**
 * The route table by role (spec §2.1, §2.2): the shell's own /login and
 * /register, and every other path from the remotes' page manifests (read from
 * /remotes.json at runtime). The remotes render their own absolute routes under
 * the splat route, so the shell only picks the remote and its layout for the
 * current path.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAuth } from 'shared-auth';
import { FullScreenLoading } from '../components/FullScreenLoading';
import { NotFound } from '../components/NotFound';
import { RemoteArea, RemoteUnavailable } from '../features/remotes/RemoteArea';
import { forgetRemoteList } from '../features/remotes/registry';
import { useRemoteList } from '../features/remotes/use-remote-list';
import { useSessionWatch } from '../lib/session';
import { areaFor } from './paths';

// The shell's own screens load on demand, so a guest's /home downloads neither
// the sign-in forms nor the signed-in layouts (and the MUI inputs, menus and
// drawers they use).
const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ '../features/auth/components/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import(/* webpackChunkName: "register" */ '../features/auth/components/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ApplicantLayout = lazy(() => import(/* webpackChunkName: "applicant-layout" */ '../components/layout/ApplicantLayout').then((m) => ({ default: m.ApplicantLayout })));
const StaffLayout = lazy(() => import(/* webpackChunkName: "staff-layout" */ '../components/layout/StaffLayout').then((m) => ({ default: m.StaffLayout })));

/**
 * The shell's own pages the server renders, and the names of the code each
 * runs (webpackChunkNames): the server names that code's scripts in the
 * page's head (see server/src/pages/page-scripts.ts).
 */
export const SHELL_PAGE_CODE: Readonly<Record<string, readonly string[]>> = { '/login': ['login'], '/register': ['register'] };
/**
 * The code of the frame a remote's page is shown in, by the page's layout:
 * the layout above, and what every signed-in frame runs as it opens (the
 * notification bell, the API client, the offline support in bootstrap.tsx).
 */
const SIGNED_IN_FRAME_CODE = ['notification-bell', 'http-client', 'offline'];
export const FRAME_CODE: Readonly<Record<string, readonly string[]>> = {
  applicant: ['applicant-layout', ...SIGNED_IN_FRAME_CODE],
  staff: ['staff-layout', ...SIGNED_IN_FRAME_CODE],
};

/** Public-area guard: a signed-in user goes to /dashboard. */
function PublicOnly({ children }: { children: ReactNode }) {
  const signedIn = useAuth((s) => s.user !== null);
  return signedIn ? <Navigate to="/dashboard" replace /> : <>{children}</>;
}

/**
 * Every path but /login and /register: the area of the current role. It waits
 * for the remote list (already on its way since the shell's entry ran); a page
 * the server rendered stays on screen meanwhile.
 */
function RoleArea() {
  const { pathname } = useLocation();
  const role = useAuth((s) => s.user?.role ?? null);
  const [, setAttempt] = useState(0);
  const area = areaFor(useRemoteList(), role, pathname);
  if (area.kind === 'unavailable') {
    const retry = () => {
      forgetRemoteList();
      setAttempt((n) => n + 1);
    };
    // Without the list no page is known, but a signed-in visitor keeps the
    // frame of their role (spec §2.1), with its Logout.
    const message = <RemoteUnavailable onRetry={retry} />;
    if (role === 'USER') return <ApplicantLayout>{message}</ApplicantLayout>;
    if (role === 'ADMIN' || role === 'SUPERUSER') return <StaffLayout>{message}</StaffLayout>;
    return message;
  }
  if (area.kind === 'redirect') return <Navigate to={area.to} replace />;
  if (area.kind === 'not-found') return <NotFound />;
  const remote = <RemoteArea name={area.remote} />;
  if (area.layout === 'applicant') return <ApplicantLayout>{remote}</ApplicantLayout>;
  if (area.layout === 'staff') return <StaffLayout>{remote}</StaffLayout>;
  return remote;
}

export function PortalRoutes() {
  useSessionWatch();
  const loading = useAuth((s) => s.loading);
  const loggingOut = useAuth((s) => s.loggingOut);
  if (loading || loggingOut) return <FullScreenLoading />;
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route
          path="/register"
          element={
            <PublicOnly>
              <RegisterPage />
            </PublicOnly>
          }
        />
        <Route path="*" element={<RoleArea />} />
      </Routes>
    </Suspense>
  );
}
