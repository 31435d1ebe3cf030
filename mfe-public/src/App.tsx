import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import Box from '@mui/material/Box';

type PageModule = Promise<{ default: ComponentType }>;

/*
 * Every page is its own chunk: a guest on /home downloads the landing page
 * and nothing of the forms or lists. Each chunk is named after its page: the
 * server finds the page's scripts by that name (see pageAt).
 */
const load = {
  landing: (): PageModule => import(/* webpackChunkName: "landing" */ './features/landing/components/LandingPage'),
  about: (): PageModule => import(/* webpackChunkName: "about" */ './features/about/components/AboutPage'),
  comingSoon: (): PageModule => import(/* webpackChunkName: "comingSoon" */ './features/coming-soon/components/ComingSoonPage'),
  universities: (): PageModule => import(/* webpackChunkName: "universities" */ './features/universities/components/UniversitiesPage'),
  guestPrograms: (): PageModule => import(/* webpackChunkName: "guestPrograms" */ './features/guest-programs/components/GuestProgramsPage'),
  forgotPassword: (): PageModule => import(/* webpackChunkName: "forgotPassword" */ './features/password-reset/components/ForgotPasswordPage'),
  resetPassword: (): PageModule => import(/* webpackChunkName: "resetPassword" */ './features/password-reset/components/ResetPasswordPage'),
  privacy: (): PageModule => import(/* webpackChunkName: "privacy" */ './features/privacy/components/PrivacyPage'),
};

type PageName = keyof typeof load;

/** The routes this remote owns, with absolute paths (spec §2.3). */
export const PUBLIC_ROUTES: ReadonlyArray<{ path: string; page: PageName }> = [
  { path: '/', page: 'landing' },
  { path: '/home', page: 'landing' },
  { path: '/learn-more', page: 'about' },
  { path: '/about', page: 'about' },
  { path: '/coming-soon', page: 'comingSoon' },
  { path: '/universities', page: 'universities' },
  { path: '/guest/programs/:id', page: 'guestPrograms' },
  { path: '/forgot-password', page: 'forgotPassword' },
  { path: '/reset-password/:token', page: 'resetPassword' },
  { path: '/privacy', page: 'privacy' },
];

const pages = Object.fromEntries((Object.keys(load) as PageName[]).map((name) => [name, lazy(load[name])])) as Record<PageName, LazyExoticComponent<ComponentType>>;

/**
 * Starts downloading the code of the page at `pathname`, if this remote has one.
 * The staff and applicant remotes do this with shared-api/pages' preloadRouteAt;
 * guests' pages keep react-router's matchPath, which they load anyway, rather
 * than bundle that module (177 bytes over the /home ceiling).
 */
export function preloadPage(pathname: string): void {
  const page = pageAt(pathname);
  if (page) void load[page]().catch(() => undefined);
}

/**
 * The page at `pathname`, if this remote has one. Its name is also the name of
 * its code (the webpackChunkName of its import in `load`), which the server
 * names in the head of the pages it renders (server.ts, codeFor).
 */
export function pageAt(pathname: string): PageName | undefined {
  return PUBLIC_ROUTES.find((r) => matchPath(r.path, pathname))?.page;
}

// The page the visitor opened downloads alongside this module rather than
// after React first renders the routes (a round trip less on a slow network).
if (typeof window !== 'undefined') preloadPage(window.location.pathname);

function PageFallback() {
  return <Box role="status" aria-label="Loading page" sx={{ minHeight: '100vh' }} />;
}

/** The public site (guests): the routes this remote owns, with absolute paths. */
export default function App() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        {PUBLIC_ROUTES.map(({ path, page }) => {
          const Page = pages[page];
          return <Route key={path} path={path} element={<Page />} />;
        })}
      </Routes>
    </Suspense>
  );
}
