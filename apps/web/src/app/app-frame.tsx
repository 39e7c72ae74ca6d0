import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { TOAST_HIDE_MS } from '@freightdesk/shared/constants';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { WhatsNewIndicator } from '../features/whats-new/whats-new-indicator.tsx';
import { useOutboxSender } from '../lib/outbox.ts';
import { usePrefetchMenuFeatures } from './prefetch-features.ts';

/**
 * The signed-in frame: the app shell with the modals and toasts that only its pages open. It loads
 * with the first page behind the login, so the login page never downloads them (issue 15), and then
 * fetches the rest of the user's menu while the browser is idle.
 */
export function AppFrame() {
  usePrefetchMenuFeatures();
  // Moves kept on the device while there was no network go out when it returns (lib/outbox.ts).
  useOutboxSender();
  return (
    <ModalsProvider>
      {/* Bottom right (issue 38): at the top a toast covered a dialog's title (the guard's Gate in
          when a "Vehicle reported" arrived) and a report's filters; down there it covers neither. */}
      <Notifications autoClose={TOAST_HIDE_MS} position="bottom-right" />
      <AppLayout
        headerActions={
          <>
            <WhatsNewIndicator />
            <NotificationBell />
          </>
        }
      />
    </ModalsProvider>
  );
}
