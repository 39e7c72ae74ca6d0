import './trip.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { UpdatePrompt } from './components/feedback/update-prompt.tsx';
import { PublicFrame } from './components/layout/public-frame.tsx';
import { tripQuery } from './features/driver/api/trip.ts';
import { TripPage } from './features/driver/trip-page.tsx';
import { askEarly, setEarlyAnswersClient } from './lib/early-answers.ts';
import { createQueryClient } from './lib/query-client.ts';
import { startServiceWorker } from './lib/service-worker.ts';

/**
 * The driver's trip link opened afresh (`#/trip/{token}`, boot.ts): the trip page alone, in the
 * public frame, without the app's router, menus, schemas and whole stylesheet (record 0319): a
 * driver's phone fetches and runs 154 kB of script instead of 187 before the trip shows. The page is
 * the same component the app's router shows (features/driver/routes.tsx); its data leaves before
 * React draws anything.
 */
export function mountTrip(root: HTMLElement, token: string): void {
  const queryClient = createQueryClient();
  setEarlyAnswersClient(queryClient);
  askEarly(tripQuery(token));
  startServiceWorker();
  // Drawn at transition priority: React yields to the browser every few milliseconds while it draws,
  // so the phone's first drawing is many short tasks rather than one long one (TBT).
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <QueryClientProvider client={queryClient}>
            <PublicFrame fromTop>
              <main>
                <TripPage token={token} />
              </main>
            </PublicFrame>
            <UpdatePrompt />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}
