import type { ReactElement } from 'react';
import { ImportPage } from '../../components/master/import-page.tsx';
import { CarrierAddPage, CarrierEditPage, CarrierViewPage } from './carrier-forms.tsx';
import { CarrierListPage } from './carrier-list.tsx';
import { CarrierGroupFormPage, CarrierGroupViewPage } from './group-pages.tsx';

export const carrierRouteElements: Record<string, ReactElement> = {
  carrier: <CarrierListPage />,
  'carrier.add-carrier': <CarrierAddPage />,
  'carrier.edit-carrier': <CarrierEditPage />,
  'carrier.view-carrier': <CarrierViewPage />,
  'carrier.import-carriers': <ImportPage title="Import carriers" api="carriers" back="/industry-transporter" name="carriers" />,
  'carrier.create-carrier-group': <CarrierGroupFormPage />,
  'carrier.edit-carrier-group': <CarrierGroupFormPage />,
  'carrier.view-carrier-group': <CarrierGroupViewPage />,
};
