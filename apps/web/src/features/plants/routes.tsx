import type { ReactElement } from 'react';

/** Elements for the plant route ids of the shared route table. Filled in by the plants feature. */
export const plantRouteElements: Record<string, ReactElement> = {};
