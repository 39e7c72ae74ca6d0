import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * Draws an entry's page (the app's router, the trip link's page) into `root` with the theme and the
 * query client. Drawn at transition priority (record 0319): React yields to the browser every few
 * milliseconds while it draws, so a phone's first drawing is many short tasks rather than one long
 * one (TBT).
 */
export function mountApp(root: HTMLElement, queryClient: QueryClient, page: ReactNode): void {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <QueryClientProvider client={queryClient}>{page}</QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}
