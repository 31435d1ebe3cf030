import { warmUpRemote } from './features/remotes/warm-up';

// Fetch the page's remote while the shell starts (see warm-up.ts).
warmUpRemote(window.location.pathname, window.localStorage);

/**
 * The shell's start-up code arrives in its first scripts but runs in steps,
 * each in a task of its own: evaluating React, emotion, MUI's theme machinery
 * and the app in one go takes a low-end phone several hundred milliseconds,
 * during which it could neither paint nor answer a tap. The shared libraries
 * these steps load are provided eagerly (HOST_EAGER in the shared map); each
 * step evaluates a slice of them, heaviest first.
 */
const STARTUP_STEPS: Array<() => Promise<unknown>> = [
  () => import(/* webpackMode: "eager", webpackExports: [] */ 'react-dom/client'),
  () => Promise.all([import(/* webpackMode: "eager", webpackExports: [] */ '@emotion/react'), import(/* webpackMode: "eager", webpackExports: [] */ '@emotion/styled')]),
  () => import(/* webpackMode: "eager", webpackExports: [] */ '@mui/material/styles'),
  () => Promise.all([import(/* webpackMode: "eager", webpackExports: [] */ './theme'), import(/* webpackMode: "eager", webpackExports: [] */ '@mui/material/CssBaseline'), import(/* webpackMode: "eager", webpackExports: [] */ '@mui/material/Box'), import(/* webpackMode: "eager", webpackExports: [] */ '@mui/material/Typography')]),
  () => import(/* webpackMode: "eager", webpackExports: [] */ '@mui/material/Button'),
  () => Promise.all([import(/* webpackMode: "eager", webpackExports: [] */ 'react-router-dom'), import(/* webpackMode: "eager", webpackExports: [] */ 'shared-api')]),
  () => import(/* webpackMode: "eager", webpackExports: [] */ './App'),
];

/** Lets the browser paint and handle input before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  for (const step of STARTUP_STEPS) {
    await nextTask();
    await step();
  }
  await nextTask();
  const { mount } = await import(/* webpackMode: "eager" */ './bootstrap');
  mount();
}

void start();
