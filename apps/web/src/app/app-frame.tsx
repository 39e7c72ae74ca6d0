import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { TOAST_HIDE_MS } from '@freightdesk/shared/constants';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { usePrefetchMenuFeatures } from './prefetch-features.ts';

/**
 * The signed-in frame: the app shell with the modals and toasts that only its pages open. It loads
 * with the first page behind the login, so the login page never downloads them (issue 15), and then
 * fetches the rest of the user's menu while the browser is idle.
 */
export function AppFrame() {
  usePrefetchMenuFeatures();
  return (
    <ModalsProvider>
      {/* Top centre, over the header's empty middle: a toast covers neither the account menu (top
          right) nor a page's own actions below it, and a pointer resting there keeps it open. */}
      <Notifications autoClose={TOAST_HIDE_MS} position="top-center" />
      <AppLayout headerActions={<NotificationBell />} />
    </ModalsProvider>
  );
}
