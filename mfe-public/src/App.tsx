import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import Box from '@mui/material/Box';
import { ToastProvider } from './components/Toaster';

/*
 * Every page is its own chunk: a guest on /home downloads the landing page
 * and nothing of the forms or lists.
 */
const LandingPage = lazy(() => import(/* webpackChunkName: "landing" */ './features/landing/components/LandingPage'));
const AboutPage = lazy(() => import(/* webpackChunkName: "about" */ './features/about/components/AboutPage'));
const ComingSoonPage = lazy(() => import(/* webpackChunkName: "coming-soon" */ './features/coming-soon/components/ComingSoonPage'));
const UniversitiesPage = lazy(() => import(/* webpackChunkName: "universities" */ './features/universities/components/UniversitiesPage'));
const GuestProgramsPage = lazy(() => import(/* webpackChunkName: "guest-programs" */ './features/guest-programs/components/GuestProgramsPage'));
const ForgotPasswordPage = lazy(() => import(/* webpackChunkName: "forgot-password" */ './features/password-reset/components/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import(/* webpackChunkName: "reset-password" */ './features/password-reset/components/ResetPasswordPage'));
const PrivacyPage = lazy(() => import(/* webpackChunkName: "privacy" */ './features/privacy/components/PrivacyPage'));

function PageFallback() {
  return <Box role="status" aria-label="Loading page" sx={{ minHeight: '100vh' }} />;
}

/** The public site (guests): the routes this remote owns, with absolute paths. */
export default function App() {
  return (
    <ToastProvider>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/home" element={<LandingPage />} />
          <Route path="/learn-more" element={<AboutPage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/coming-soon" element={<ComingSoonPage />} />
          <Route path="/universities" element={<UniversitiesPage />} />
          <Route path="/guest/programs/:id" element={<GuestProgramsPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
        </Routes>
      </Suspense>
    </ToastProvider>
  );
}
