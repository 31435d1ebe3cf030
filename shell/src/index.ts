import { warmUpRemote } from './features/remotes/warm-up';
import { STARTUP_STEPS } from './startup-steps';

// Fetch the page's remote while the shell starts (see warm-up.ts).
warmUpRemote(window.location.pathname, window.localStorage);

/** Lets the browser paint and handle input before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The start-up in steps, each in a task of its own (see startup-steps.ts), then the app. */
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
