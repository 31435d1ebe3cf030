/**
 * What the portal's code uses of react-router, shared under the
 * 'react-router-dom' key. A shared module is never tree-shaken, so sharing the
 * library itself ships all of it (about 60 KB gzipped) to every page; sharing
 * this list ships only these, while the shell and every remote still get one
 * router instance (the singleton). A name missing here fails the build
 * ("export … was not found"), never silently at run time. Remove a name only
 * when no package uses it: a remote already deployed may still import it.
 */
export { BrowserRouter, MemoryRouter, Routes, Route, Link, Navigate, useNavigate, useLocation, useParams, matchPath } from 'react-router';
