/**
 * What the portal's code uses of react-router, shared under the
 * 'react-router-dom' key. A shared module is never tree-shaken, so sharing the
 * library itself ships all of it (about 60 KB gzipped) to every page; sharing
 * this list ships only these, while the shell and every remote still get one
 * router instance (the singleton). A name missing here fails the build
 * ("export … was not found"), never silently at run time.
 */
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  useMatch,
  useHref,
  useInRouterContext,
  useNavigationType,
  useOutletContext,
  useResolvedPath,
  matchPath,
  generatePath,
  createSearchParams,
} from 'react-router';
