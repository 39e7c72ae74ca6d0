import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { TOAST_HIDE_MS } from '@freightdesk/shared/constants';
import type { CSSProperties } from 'react';
import { AppLayout, HEADER_HEIGHT } from '../components/layout/app-layout.tsx';
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
      {/* Below the header (app/global.css .fd-toasts): a toast never covers the account menu. */}
      <Notifications
        autoClose={TOAST_HIDE_MS}
        position="top-right"
        classNames={{ root: 'fd-toasts' }}
        style={{ '--fd-header-height': `${HEADER_HEIGHT}px` } as CSSProperties}
      />
      <AppLayout />
    </ModalsProvider>
  );
}
