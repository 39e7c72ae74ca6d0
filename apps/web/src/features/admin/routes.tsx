import type { ReactElement } from 'react';
import { OutboxPage } from './pages/outbox-page.tsx';

/** Elements for the admin route ids of the shared route table. */
export const adminRouteElements: Record<string, ReactElement> = {
  'admin-outbox': <OutboxPage />,
};
