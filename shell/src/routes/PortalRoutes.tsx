/**
 * The route table by role (spec §2.1, §2.2, brief's route ownership). The
 * remotes render their own absolute routes under the splat route, so the
 * shell only picks the remote and its layout for the current path.
 */
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAuth } from 'shared-auth';
import { FullScreenLoading } from '../components/FullScreenLoading';
import { NotFound } from '../components/NotFound';
import { ApplicantLayout } from '../components/layout/ApplicantLayout';
import { StaffLayout } from '../components/layout/StaffLayout';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { RemoteArea } from '../features/remotes/RemoteArea';
import { useSessionWatch } from '../lib/session';
import { APPLICANT_PATHS, matchesAny, PUBLIC_FOR_ALL, PUBLIC_GUEST_ONLY, STAFF_PATHS, SUPERUSER_ONLY_PATHS } from './paths';

/** Public-area guard: a signed-in user goes to /dashboard. */
function PublicOnly({ children }: { children: ReactNode }) {
  const signedIn = useAuth((s) => s.user !== null);
  return signedIn ? <Navigate to="/dashboard" replace /> : <>{children}</>;
}

/** Every path but /login and /register: the area of the current role. */
function RoleArea() {
  const { pathname } = useLocation();
  const role = useAuth((s) => s.user?.role ?? null);

  if (matchesAny(PUBLIC_FOR_ALL, pathname)) return <RemoteArea name="mfe_public" />;
  if (role === null) {
    if (matchesAny(PUBLIC_GUEST_ONLY, pathname)) return <RemoteArea name="mfe_public" />;
    return <Navigate to="/login" replace />;
  }
  if (matchesAny(PUBLIC_GUEST_ONLY, pathname)) return <Navigate to="/dashboard" replace />;
  if (role === 'USER') {
    if (!matchesAny(APPLICANT_PATHS, pathname)) return <NotFound />;
    return (
      <ApplicantLayout>
        <RemoteArea name="mfe_applicant" />
      </ApplicantLayout>
    );
  }
  if (role === 'ADMIN' || role === 'SUPERUSER') {
    const allowed = matchesAny(STAFF_PATHS, pathname) && (role === 'SUPERUSER' || !matchesAny(SUPERUSER_ONLY_PATHS, pathname));
    if (!allowed) return <NotFound />;
    return (
      <StaffLayout>
        <RemoteArea name="mfe_staff" />
      </StaffLayout>
    );
  }
  return <NotFound />;
}

export function PortalRoutes() {
  useSessionWatch();
  const loading = useAuth((s) => s.loading);
  const loggingOut = useAuth((s) => s.loggingOut);
  if (loading || loggingOut) return <FullScreenLoading />;
  return (
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
  );
}
