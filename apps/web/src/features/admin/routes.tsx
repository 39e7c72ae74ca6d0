import type { ReactElement } from 'react';

/** Elements for the admin route ids of the shared route table. */
export const adminRouteElements: Record<string, ReactElement> = {};
