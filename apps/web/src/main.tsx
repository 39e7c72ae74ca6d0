import './lib/zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { RouterProvider } from 'react-router';
import { mountApp } from './app/mount.tsx';
import { createAppRouter } from './app/router.tsx';
import { onApiStatus } from './lib/api.ts';
import { createQueryClient } from './lib/query-client.ts';
import { setEarlyAnswersClient } from './lib/early-answers.ts';
import { startServiceWorker } from './lib/service-worker.ts';
import { endSessionRefusing } from './lib/session.ts';
import { nextTask } from './lib/when-idle.ts';

const CHUNK_RELOAD_KEY = 'freightdesk.chunkReloadAt';

const queryClient = createQueryClient();
setEarlyAnswersClient(queryClient);

// The code's evaluation, the router (its first navigation asks the guard's and the page's data) and
// the first drawing each in a task of its own: on a phone one task of all three blocked the page
// for a third of a second (TBT, issue 35). The handlers below are set in the router's task: its
// guard makes the first call a task later (guard-loader.ts), and a failed page download is told
// after the task that asked for it.
await nextTask();
const router = createAppRouter();

// A 401 to a call made with the session's token means the session ended (logout elsewhere, deactivation).
onApiStatus((status, sentToken) => {
  if (status === 401 && endSessionRefusing(sentToken)) {
    queryClient.clear();
    void router.navigate('/login');
  }
});

// Pages load their code when opened, from files named by their content. After a new release a tab
// still on the old one asks for files that are gone: a navigation that fails so reloads onto the new
// release, at most once a minute (a file truly missing then shows the error page). A background
// fetch that fails (prefetch-features.ts) is left alone: it must never reload under a form.
window.addEventListener('vite:preloadError', () => {
  const navigating = !router.state.initialized || router.state.navigation.state !== 'idle';
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (navigating && Date.now() - last > 60_000) {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    window.location.reload();
  }
});

await nextTask();
startServiceWorker();

const root = document.getElementById('root');
if (root) {
  // Modals and toasts are mounted by the signed-in frame (app/app-frame.tsx), the only pages that open them.
  mountApp(root, queryClient, <RouterProvider router={router} />);
}
