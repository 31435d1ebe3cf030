/**
 * The shell's start-up, in steps: the one list of what the shell evaluates
 * before it renders, and so of what it provides eagerly. The shared map reads
 * this file (HOST_EAGER in deploy/webpack/shared-dependencies.cjs is every
 * package imported below, and nothing else), so the two cannot drift apart.
 *
 * The start-up code arrives in the shell's first scripts but runs in steps,
 * each in a task of its own: evaluating React, emotion, MUI's theme machinery
 * and the app in one go takes a low-end phone several hundred milliseconds,
 * during which it could neither paint nor answer a tap. Each step evaluates a
 * slice of it, heaviest first. A shared package that a step's modules import
 * as they are evaluated must appear in that step or an earlier one (it is
 * evaluated there anyway): the shell would otherwise fail at start with
 * "Shared module is not available for eager consumption".
 */
export const STARTUP_STEPS: Array<() => Promise<unknown>> = [
  () =>
    Promise.all([
      import(/* webpackMode: "eager", webpackExports: [] */ 'react'),
      import(/* webpackMode: "eager", webpackExports: [] */ 'react/jsx-runtime'),
      import(/* webpackMode: "eager", webpackExports: [] */ 'react-dom'),
      import(/* webpackMode: "eager", webpackExports: [] */ 'react-dom/client'),
    ]),
  () => Promise.all([import(/* webpackMode: "eager", webpackExports: [] */ '@emotion/react'), import(/* webpackMode: "eager", webpackExports: [] */ '@emotion/styled')]),
  () => import(/* webpackMode: "eager", webpackExports: [] */ '@mui/material/styles'),
  () =>
    Promise.all([
      import(/* webpackMode: "eager", webpackExports: [] */ './theme'),
      import(/* webpackMode: "eager", webpackExports: [] */ '@mui/material/CssBaseline'),
      import(/* webpackMode: "eager", webpackExports: [] */ '@mui/material/Box'),
      import(/* webpackMode: "eager", webpackExports: [] */ '@mui/material/Typography'),
    ]),
  () => import(/* webpackMode: "eager", webpackExports: [] */ '@mui/material/Button'),
  () => Promise.all([import(/* webpackMode: "eager", webpackExports: [] */ 'react-router-dom'), import(/* webpackMode: "eager", webpackExports: [] */ 'shared-api')]),
  // The app, with the session store it evaluates as it is imported.
  () =>
    Promise.all([
      import(/* webpackMode: "eager", webpackExports: [] */ 'zustand/vanilla'),
      import(/* webpackMode: "eager", webpackExports: [] */ 'shared-auth'),
      import(/* webpackMode: "eager", webpackExports: [] */ './App'),
    ]),
];
