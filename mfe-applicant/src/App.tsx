/**
 * The applicant remote (USER): its routes, each screen in its own chunk so a
 * page downloads only what it shows. Rendered by the shell inside its router,
 * theme and layout.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading } from './components/Loading';
import { ToastProvider } from './components/Toasts';

const UniversityList = lazy(() => import('./features/universities').then((m) => ({ default: m.UniversityList })));
const UniversityDetail = lazy(() => import('./features/universities').then((m) => ({ default: m.UniversityDetail })));
const ProgramCourses = lazy(() => import('./features/courses').then((m) => ({ default: m.ProgramCourses })));
const ApplicationWizard = lazy(() => import('./features/wizard').then((m) => ({ default: m.ApplicationWizard })));
const ApplicationsList = lazy(() => import('./features/applications').then((m) => ({ default: m.ApplicationsList })));
const ApplicationDetail = lazy(() => import('./features/applications').then((m) => ({ default: m.ApplicationDetail })));
const ProfilePage = lazy(() => import('./features/profile').then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() => import('./features/settings').then((m) => ({ default: m.SettingsPage })));

export default function App() {
  return (
    <ToastProvider>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path="/dashboard" element={<UniversityList />} />
          <Route path="/universities/:id" element={<UniversityDetail />} />
          <Route path="/courses/:id" element={<ProgramCourses />} />
          <Route path="/apply/:universityId" element={<ApplicationWizard />} />
          <Route path="/applications" element={<ApplicationsList />} />
          <Route path="/applications/:applicationId" element={<ApplicationDetail />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/settings" element={<SettingsPage />} />
        </Routes>
      </Suspense>
    </ToastProvider>
  );
}
