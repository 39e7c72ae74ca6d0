import type { ReactElement } from 'react';
import { PlantFormPage } from './pages/plant-form-page.tsx';
import { PlantListPage } from './pages/plant-list-page.tsx';
import { PlantSlaPage } from './pages/plant-sla-page.tsx';
import { PlantViewPage } from './pages/plant-view-page.tsx';

/** Elements for the plant route ids of the shared route table. */
export const plantRouteElements: Record<string, ReactElement> = {
  plant: <PlantListPage />,
  'plant.add-plant': <PlantFormPage />,
  'plant.edit-plant': <PlantFormPage />,
  'plant.view-plant': <PlantViewPage />,
  'sla-edit': <PlantSlaPage kind="sla" />,
  'contract-sla-edit': <PlantSlaPage kind="contract" />,
};
