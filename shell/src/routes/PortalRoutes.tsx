/**
 * The route table by role (spec §2.1, §2.2, brief's route ownership). The
 * remotes render their own absolute routes under the splat route, so the
 * shell only picks the remote and its layout for the current path.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAuth } from 'shared-auth';
import { FullScreenLoading } from '../components/FullScreenLoading';
import { NotFound } from '../components/NotFound';
import { RemoteArea } from '../features/remotes/RemoteArea';
import { useSessionWatch } from '../lib/session';
import { areaFor } from './paths';

// The shell's own screens load on demand, so a guest's /home downloads neither
// the sign-in forms nor the signed-in layouts (and the MUI inputs, menus and
// drawers they use).
const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ '../features/auth/components/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import(/* webpackChunkName: "register" */ '../features/auth/components/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ApplicantLayout = lazy(() => import(/* webpackChunkName: "applicant-layout" */ '../components/layout/ApplicantLayout').then((m) => ({ default: m.ApplicantLayout })));
const StaffLayout = lazy(() => import(/* webpackChunkName: "staff-layout" */ '../components/layout/StaffLayout').then((m) => ({ default: m.StaffLayout })));

/** Public-area guard: a signed-in user goes to /dashboard. */
function PublicOnly({ children }: { children: ReactNode }) {
  const signedIn = useAuth((s) => s.user !== null);
  return signedIn ? <Navigate to="/dashboard" replace /> : <>{children}</>;
}

/** Every path but /login and /register: the area of the current role. */
function RoleArea() {
  const { pathname } = useLocation();
  const role = useAuth((s) => s.user?.role ?? null);
  const area = areaFor(role, pathname);
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
