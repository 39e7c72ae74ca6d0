import { Tabs } from '@mantine/core';
import type { ReactElement } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Permission } from '@freightdesk/shared/permissions';
import { Page } from '../../components/layout/page.tsx';
import { FactorVersions } from '../../domain/emissions/factor-versions.tsx';
import { hasPermission } from '../../lib/session.ts';
import { BidVisibilityForm, PackageForm, PaymentSettingForm, ProductForm, VehicleTypeForm } from './settings-forms.tsx';
import { BidVisibilityList, PackageList, PaymentSettingList, ProductList, VehicleTypeList } from './settings-lists.tsx';
import { TrackingSettingsForm } from './tracking-settings-form.tsx';
import { VerificationSettingsForm } from './verification-settings-form.tsx';

/** `permission`: the tab shows to a user holding any one of them (none: every shipper user). */
const TABS: { value: string; label: string; element: ReactElement; permission?: Permission[] }[] = [
  { value: 'products', label: 'Products', element: <ProductList /> },
  { value: 'packages', label: 'Packages', element: <PackageList /> },
  { value: 'vehicle-types', label: 'Vehicle types', element: <VehicleTypeList /> },
  { value: 'bid-visibility', label: 'Bid position visibility', element: <BidVisibilityList />, permission: ['bid-list'] },
  { value: 'payment', label: 'Payment settings', element: <PaymentSettingList />, permission: ['bid-list'] },
  { value: 'tracking', label: 'Tracking', element: <TrackingSettingsForm />, permission: ['bid-list', 'add-edit-delete'] },
  { value: 'verification', label: 'Vehicle checks', element: <VerificationSettingsForm />, permission: ['bid-list', 'add-edit-delete'] },
  { value: 'emission-factors', label: 'Emission factors', element: <EmissionFactorsTab />, permission: ['bid-list', 'add-edit-delete'] },
];

/** Issue 37: the factor versions the company's figures use; its own added from a day on (docs/emissions.md). */
function EmissionFactorsTab() {
  return (
    <Page title="Emission factors">
      <FactorVersions
        canAdd={hasPermission('add-edit-delete')}
        heading={false}
        intro="Your loads' CO2e uses the newest version started by their pickup day: your company's own, else the default. Figures already given keep theirs."
      />
    </Page>
  );
}

/** `/settings/:tab?`: products, packages, vehicle types, bid position visibility, payment terms, tracking. */
function SettingsPage() {
  const navigate = useNavigate();
  const { tab } = useParams();
  const tabs = TABS.filter((t) => !t.permission || t.permission.some(hasPermission));
  const current = tabs.find((t) => t.value === tab) ?? tabs[0];
  return (
    <>
      <Tabs value={current?.value} onChange={(v) => navigate(`/settings/${v}`)} mb="md">
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {current?.element}
    </>
  );
}

export const settingsRouteElements: Record<string, ReactElement> = {
  settings: <SettingsPage />,
  'product-new': <ProductForm />,
  'product-edit': <ProductForm />,
  'package-new': <PackageForm />,
  'package-edit': <PackageForm />,
  'vehicle-type-new': <VehicleTypeForm />,
  'vehicle-type-edit': <VehicleTypeForm />,
  'request-settings': <BidVisibilityList />,
  'request-settings.new-bid-position-visibility': <BidVisibilityForm />,
  'request-settings.edit-bid-position-visibility': <BidVisibilityForm />,
  'payment-settings': <PaymentSettingList />,
  'payment-settings.new-payment-setting': <PaymentSettingForm />,
  'payment-settings.edit-payment-setting': <PaymentSettingForm />,
};
