import type { ReactElement } from 'react';
import { CityFormPage, CityListPage, CountryFormPage, CountryListPage, StateFormPage, StateListPage } from './pages/geography-pages.tsx';
import { EmissionFactorsPage } from './pages/emission-factors-page.tsx';
import { GstRatesPage } from './pages/gst-rates-page.tsx';
import { DeviceAdminListPage, DeviceFormPage, NoticeFormPage, NoticeListPage } from './pages/notices-devices.tsx';
import { OutboxPage } from './pages/outbox-page.tsx';
import { PaymentsPage, PlanCatalogPage, PlanFormPage } from './pages/plans-page.tsx';
import { ShipperFormPage, ShipperListPage } from './pages/shippers-page.tsx';

/** Elements for the admin route ids of the shared route table. */
export const adminRouteElements: Record<string, ReactElement> = {
  'admin-outbox': <OutboxPage />,
  'admin-shippers': <ShipperListPage />,
  'admin-shippers.add-shipper': <ShipperFormPage />,
  'admin-shippers.edit-shipper': <ShipperFormPage />,
  'admin-plans': <PlanCatalogPage />,
  'admin-plans.add-plan': <PlanFormPage />,
  'admin-plans.edit-plan': <PlanFormPage />,
  'admin-payments': <PaymentsPage />,
  'admin-gst-rates': <GstRatesPage />,
  'admin-emission-factors': <EmissionFactorsPage />,
  'admin-notices': <NoticeListPage />,
  'admin-notices.add-notice': <NoticeFormPage />,
  'admin-notices.edit-notice': <NoticeFormPage />,
  'admin-devices': <DeviceAdminListPage />,
  'admin-devices.add-device': <DeviceFormPage />,
  'admin-devices.edit-device': <DeviceFormPage />,
  country: <CountryListPage />,
  'country.add-country': <CountryFormPage />,
  'country.edit-country': <CountryFormPage />,
  state: <StateListPage />,
  'state.add-state': <StateFormPage />,
  'state.edit-state': <StateFormPage />,
  city: <CityListPage />,
  'city.add-city': <CityFormPage />,
  'city.edit-city': <CityFormPage />,
};
