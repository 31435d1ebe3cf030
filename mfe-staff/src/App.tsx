/**
 * The staff remote (ADMIN, SUPERUSER). The shell renders it inside its router,
 * theme and layout; this file only composes the features' pages on the routes
 * the staff area owns. Each feature is its own lazy chunk, so a page loads only
 * the code it shows (the charts and the file viewer are split further).
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { preloadRouteAt, type PreloadableRoute } from 'shared-api/pages';
import { isStaff, useAuth } from 'shared-auth';
import { FeedbackProvider } from 'shared-auth/dialogs';
import { Loading } from './components/Loading';
import { NotAllowed } from './components/NotAllowed';

function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const dashboard = () => import(/* webpackChunkName: "staff-dashboard" */ './features/dashboard');
const programs = () => import(/* webpackChunkName: "staff-programs" */ './features/programs');
const courses = () => import(/* webpackChunkName: "staff-courses" */ './features/courses');
const universities = () => import(/* webpackChunkName: "staff-universities" */ './features/universities');
const applications = () => import(/* webpackChunkName: "staff-applications" */ './features/applications');
const users = () => import(/* webpackChunkName: "staff-users" */ './features/users');
const students = () => import(/* webpackChunkName: "staff-students" */ './features/students');
const profile = () => import(/* webpackChunkName: "staff-profile" */ './features/profile');
const intakes = () => import(/* webpackChunkName: "staff-intakes" */ './features/intakes');
const feeWaivers = () => import(/* webpackChunkName: "staff-fee-waivers" */ './features/fee-waivers');
const audit = () => import(/* webpackChunkName: "staff-audit" */ './features/audit');
const notifications = () => import(/* webpackChunkName: "staff-notifications" */ './features/notifications');

const Dashboard = page(dashboard, 'Dashboard');
const ProgramsList = page(programs, 'ProgramsList');
const AddProgram = page(programs, 'AddProgram');
const EditProgram = page(programs, 'EditProgram');
const ProgramDetail = page(programs, 'ProgramDetail');
const CoursesList = page(courses, 'CoursesList');
const AddCourse = page(courses, 'AddCourse');
const EditCourse = page(courses, 'EditCourse');
const CourseDetail = page(courses, 'CourseDetail');
const UniversitiesList = page(universities, 'UniversitiesList');
const AddUniversity = page(universities, 'AddUniversity');
const EditUniversity = page(universities, 'EditUniversity');
const UniversityDetail = page(universities, 'UniversityDetail');
const ApplicationsList = page(applications, 'ApplicationsList');
const ApplicationDetail = page(applications, 'ApplicationDetail');
const UsersList = page(users, 'UsersList');
const AddAdmin = page(users, 'AddAdmin');
const StudentsList = page(students, 'StudentsList');
const Profile = page(profile, 'Profile');
const AuditLog = page(audit, 'AuditLog');
const IntakesList = page(intakes, 'IntakesList');
const AddIntake = page(intakes, 'AddIntake');
const EditIntake = page(intakes, 'EditIntake');
const IntakeDetail = page(intakes, 'IntakeDetail');
const FeeWaiversPage = page(feeWaivers, 'FeeWaiversPage');
const NotificationsPage = page(notifications, 'NotificationsPage');

/** SUPERUSER-only pages: an ADMIN sees a 'not allowed' message instead. */
function SuperuserOnly({ children }: { children: ReactNode }) {
  const role = useAuth((s) => s.user?.role);
  return role === 'SUPERUSER' ? <>{children}</> : <NotAllowed />;
}

const su = (element: ReactNode) => <SuperuserOnly>{element}</SuperuserOnly>;

/** The routes this remote owns, with absolute paths; src/pages.ts declares each of them to the shell. */
export const STAFF_ROUTES: ReadonlyArray<PreloadableRoute & { element: ReactNode }> = [
  { path: '/dashboard', element: <Dashboard />, load: dashboard },
  { path: '/applications', element: <ApplicationsList />, load: applications },
  { path: '/applications/:id', element: <ApplicationDetail />, load: applications },
  { path: '/programs', element: <ProgramsList />, load: programs },
  { path: '/programs/add', element: <AddProgram />, load: programs },
  { path: '/programs/edit/:id', element: <EditProgram />, load: programs },
  { path: '/programs/:id', element: <ProgramDetail />, load: programs },
  { path: '/intakes', element: <IntakesList />, load: intakes },
  { path: '/intakes/add', element: <AddIntake />, load: intakes },
  { path: '/intakes/edit/:id', element: <EditIntake />, load: intakes },
  { path: '/intakes/:id', element: <IntakeDetail />, load: intakes },
  { path: '/fee-waivers', element: <FeeWaiversPage />, load: feeWaivers },
  { path: '/courses', element: <CoursesList />, load: courses },
  { path: '/course/add', element: <AddCourse />, load: courses },
  { path: '/course/edit/:id', element: <EditCourse />, load: courses },
  { path: '/course/:id', element: <CourseDetail />, load: courses },
  { path: '/universities/all', element: su(<UniversitiesList />), load: universities },
  { path: '/universities/add', element: su(<AddUniversity />), load: universities },
  { path: '/universities/edit/:id', element: su(<EditUniversity />), load: universities },
  { path: '/universities/:id', element: <UniversityDetail />, load: universities },
  { path: '/users', element: <UsersList />, load: users },
  // An ADMIN adds admins of its own university (the server decides which).
  { path: '/users/add-admin', element: <AddAdmin />, load: users },
  { path: '/students/all', element: <StudentsList />, load: students },
  { path: '/profile', element: <Profile />, load: profile },
  { path: '/audit', element: su(<AuditLog />), load: audit },
  { path: '/notifications', element: <NotificationsPage />, load: notifications },
];

/** Starts downloading the code of the page at `pathname`, if this remote has one. */
export const preloadPage = (pathname: string) => preloadRouteAt(STAFF_ROUTES, pathname);

// The page the visitor opened downloads as soon as the shell has this module,
// rather than after the shell's staff frame and React's first render (a round
// trip on a slow network, about 0.7 s on the network bench's profile).
if (typeof window !== 'undefined') void preloadPage(window.location.pathname);

export default function App() {
  const role = useAuth((s) => s.user?.role);
  if (!isStaff(role)) return <NotAllowed />;
  return (
    <FeedbackProvider>
      <Suspense fallback={<Loading />}>
        <Routes>
          {STAFF_ROUTES.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </Suspense>
    </FeedbackProvider>
  );
}
