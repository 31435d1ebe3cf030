/**
 * The applicant remote (USER): its routes, each screen in its own chunk so a
 * page downloads only what it shows. Rendered by the shell inside its router,
 * theme and layout.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { preloadRouteAt, type PreloadableRoute } from 'shared-api/pages';
import { FeedbackProvider } from 'shared-auth/dialogs';
import { Loading } from './components/Loading';

// Named chunks: a page's manifest entry names its code (src/pages.ts, `code`), whose scripts the
// server names in the page's head (deploy/test/page-manifests.test.mjs checks the names agree).
const universities = () => import(/* webpackChunkName: "universities" */ './features/universities');
const courses = () => import('./features/courses');
const wizard = () => import(/* webpackChunkName: "wizard" */ './features/wizard');
const applications = () => import(/* webpackChunkName: "applications" */ './features/applications');
const profile = () => import('./features/profile');
const settings = () => import('./features/settings');
const notifications = () => import('./features/notifications');

const UniversityList = lazy(() => universities().then((m) => ({ default: m.UniversityList })));
const UniversityDetail = lazy(() => universities().then((m) => ({ default: m.UniversityDetail })));
const ProgramCourses = lazy(() => courses().then((m) => ({ default: m.ProgramCourses })));
const ApplicationWizard = lazy(() => wizard().then((m) => ({ default: m.ApplicationWizard })));
const ApplicationsList = lazy(() => applications().then((m) => ({ default: m.ApplicationsList })));
const ApplicationDetail = lazy(() => applications().then((m) => ({ default: m.ApplicationDetail })));
const ProfilePage = lazy(() => profile().then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() => settings().then((m) => ({ default: m.SettingsPage })));
const NotificationsPage = lazy(() => notifications().then((m) => ({ default: m.NotificationsPage })));

/** The routes this remote owns, with absolute paths; src/pages.ts declares each of them to the shell. */
export const APPLICANT_ROUTES: ReadonlyArray<PreloadableRoute & { element: ReactNode }> = [
  { path: '/dashboard', element: <UniversityList />, load: universities },
  { path: '/universities/:id', element: <UniversityDetail />, load: universities },
  { path: '/courses/:id', element: <ProgramCourses />, load: courses },
  { path: '/apply/:universityId', element: <ApplicationWizard />, load: wizard },
  { path: '/applications', element: <ApplicationsList />, load: applications },
  { path: '/applications/:applicationId', element: <ApplicationDetail />, load: applications },
  { path: '/profile', element: <ProfilePage />, load: profile },
  { path: '/settings', element: <SettingsPage />, load: settings },
  { path: '/notifications', element: <NotificationsPage />, load: notifications },
];

/** Starts downloading the code of the page at `pathname`, if this remote has one. */
export const preloadPage = (pathname: string) => preloadRouteAt(APPLICANT_ROUTES, pathname);

// The page the visitor opened downloads as soon as the shell has this module,
// rather than after the shell's applicant frame and React's first render (a
// round trip on a slow network). Not on the server, which renders from its
// own bundle.
if (typeof window !== 'undefined') void preloadPage(window.location.pathname);

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
