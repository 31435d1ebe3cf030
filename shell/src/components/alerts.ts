/**
 * MUI's Alert and AlertTitle, loaded when the first message shows: an Alert
 * brings its icons and close button (about 4 KB gzipped), which a page that
 * shows no message should not download before it is usable.
 */
import { lazy } from 'react';

export const Alert = lazy(() => import(/* webpackChunkName: "alert" */ '@mui/material/Alert'));
export const AlertTitle = lazy(() => import(/* webpackChunkName: "alert" */ '@mui/material/AlertTitle'));
