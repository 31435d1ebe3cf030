/**
 * What the portal's code uses of react-router, shared under the
 * 'react-router-dom' key. A shared module is never tree-shaken, so sharing the
 * library itself ships all of it (about 60 KB gzipped) to every page; sharing
 * this list ships only these, while the shell and every remote still get one
 * router instance (the singleton). A remote's build cannot tell that a name
 * is missing here (it imports the shared module, whose exports it does not
 * know), and the page would crash at run time: deploy/test/router-facade.test.mjs
 * checks every name the browser packages import is exported. Remove a name
 * only when no package uses it: a remote already deployed may still import it.
 */
export { BrowserRouter, MemoryRouter, Routes, Route, Link, Navigate, useNavigate, useLocation, useParams, useSearchParams, matchPath } from 'react-router';
