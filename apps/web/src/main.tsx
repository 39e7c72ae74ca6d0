import './lib/zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { Badge, type MantineColorsTuple, MantineProvider, createTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { TOAST_HIDE_MS } from '@freightdesk/shared/constants';
import { router } from './app/router.tsx';
import { ApiError, onApiStatus } from './lib/api.ts';
import { endSession, getSession } from './lib/session.ts';

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

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// A 401 on any call while logged in means the session ended (logout elsewhere, deactivation).
onApiStatus((status) => {
  if (status === 401 && getSession().loggedIn) {
    endSession();
    queryClient.clear();
    void router.navigate('/login');
  }
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <ModalsProvider>
          <Notifications autoClose={TOAST_HIDE_MS} position="top-right" />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ModalsProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
