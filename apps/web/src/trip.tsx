import './trip.css';
import { mountApp } from './app/mount.tsx';
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
  mountApp(
    root,
    queryClient,
    <>
      <PublicFrame fromTop>
        <main>
          <TripPage token={token} />
        </main>
      </PublicFrame>
      <UpdatePrompt />
    </>,
  );
}
