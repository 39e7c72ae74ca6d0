import { Notifications } from '@mantine/notifications';
import { TOAST_HIDE_MS } from '@freightdesk/shared/constants';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { ModalsHost } from '../components/feedback/modals-host.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { WhatsNewIndicator } from '../features/whats-new/whats-new-indicator.tsx';
import { useOutboxSender } from '../lib/outbox.ts';
import { intentHandlers, usePrefetchNextPage } from './prefetch-features.ts';

/**
 * The signed-in frame: the app shell with the modals and toasts that only its pages open. It loads
 * with the first page behind the login, so the login page never downloads them (issue 15). A menu
 * link's feature is fetched when the user shows the intent to open it (pointer over, focus, touch),
 * and, once the page is idle, only the page most likely opened next from it (record 0297).
 */
export function AppFrame() {
  usePrefetchNextPage();
  // Moves kept on the device while there was no network go out when it returns (lib/outbox.ts).
  useOutboxSender();
  return (
    <>
      <ModalsHost />
      {/* Bottom right (issue 38): at the top a toast covered a dialog's title (the guard's Gate in
          when a "Vehicle reported" arrived) and a report's filters; down there it covers neither. */}
      <Notifications autoClose={TOAST_HIDE_MS} position="bottom-right" />
      <AppLayout
        menuLinkProps={intentHandlers}
        headerActions={
          <>
            <WhatsNewIndicator />
            <NotificationBell />
          </>
        }
      />
    </>
  );
}
