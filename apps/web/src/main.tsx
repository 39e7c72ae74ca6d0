import './lib/zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { Badge, type MantineColorsTuple, MantineProvider, createTheme } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { onApiStatus } from './lib/api.ts';
import { createQueryClient } from './lib/query-client.ts';
import { endSessionRefusing } from './lib/session.ts';

// Shades around the spec's theme colour #42b883 (index 6 is the main one).
const brand: MantineColorsTuple = [
  '#e8f8f0',
  '#d3efe1',
  '#a6dec3',
  '#76cda3',
  '#4fbf89',
  '#42b883',
  '#2fa271',
  '#248a5f',
  '#1b6f4c',
  '#0f5338',
];
const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 5,
  colors: { brand },
  fontFamily: 'Inter, system-ui, sans-serif',
  components: {
    // A badge's label clips by default, which lets a table squeeze a status to "AWA…": keep it whole.
    Badge: Badge.extend({ styles: { label: { overflow: 'visible' } } }),
  },
});

const CHUNK_RELOAD_KEY = 'freightdesk.chunkReloadAt';

const queryClient = createQueryClient();

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

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        {/* Modals and toasts are mounted by the signed-in frame (app/app-frame.tsx), the only pages that open them. */}
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
