import type { ReactElement } from 'react';
import { DevelopersPage } from './developers-page.tsx';

export const developerRouteElements: Record<string, ReactElement> = {
  developers: <DevelopersPage />,
};
