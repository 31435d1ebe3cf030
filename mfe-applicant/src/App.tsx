/**
 * The applicant remote (USER): its routes, each screen in its own chunk so a
 * page downloads only what it shows. Rendered by the shell inside its router,
 * theme and layout.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FeedbackProvider } from 'shared-auth/dialogs';
import { Loading } from './components/Loading';

const UniversityList = lazy(() => import('./features/universities').then((m) => ({ default: m.UniversityList })));
const UniversityDetail = lazy(() => import('./features/universities').then((m) => ({ default: m.UniversityDetail })));
const ProgramCourses = lazy(() => import('./features/courses').then((m) => ({ default: m.ProgramCourses })));
const ApplicationWizard = lazy(() => import('./features/wizard').then((m) => ({ default: m.ApplicationWizard })));
const ApplicationsList = lazy(() => import('./features/applications').then((m) => ({ default: m.ApplicationsList })));
const ApplicationDetail = lazy(() => import('./features/applications').then((m) => ({ default: m.ApplicationDetail })));
const ProfilePage = lazy(() => import('./features/profile').then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() => import('./features/settings').then((m) => ({ default: m.SettingsPage })));
const NotificationsPage = lazy(() => import('./features/notifications').then((m) => ({ default: m.NotificationsPage })));

/** The routes this remote owns, with absolute paths; src/pages.ts declares each of them to the shell. */
export const APPLICANT_ROUTES: ReadonlyArray<{ path: string; element: ReactNode }> = [
  { path: '/dashboard', element: <UniversityList /> },
  { path: '/universities/:id', element: <UniversityDetail /> },
  { path: '/courses/:id', element: <ProgramCourses /> },
  { path: '/apply/:universityId', element: <ApplicationWizard /> },
  { path: '/applications', element: <ApplicationsList /> },
  { path: '/applications/:applicationId', element: <ApplicationDetail /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/notifications', element: <NotificationsPage /> },
];

export default function App() {
  return (
    <FeedbackProvider>
      <Suspense fallback={<Loading />}>
        <Routes>
          {APPLICANT_ROUTES.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </Suspense>
    </FeedbackProvider>
  );
}
