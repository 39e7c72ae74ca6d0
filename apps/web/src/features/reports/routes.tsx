import type { ReactElement } from 'react';
import { MyReportsPage } from './my-reports-page.tsx';

export const reportRouteElements: Record<string, ReactElement> = {
  'my-reports': <MyReportsPage />,
};
