import {
  BID_VISIBILITY_LABEL,
  type BidVisibility,
  type Package,
  type PaymentSetting,
  type Product,
  type VehicleType,
} from '@freightdesk/shared/schemas/settings';
import { statusColumn, MasterListPage } from '../../components/master/master-list-page.tsx';
import { formatInr } from '../../lib/format.ts';

export function ProductList() {
  return (
    <MasterListPage<Product>
      title="Products"
      api="products"
      route="/product"
      addPath="/product/new"
      addLabel="Add product"
      columns={[
        { id: 'name', header: 'Product', accessorKey: 'name' },
        { id: 'hsnCode', header: 'HSN code', cell: ({ row }) => row.original.hsnCode ?? '—' },
        { id: 'unit', header: 'Unit', accessorKey: 'unit' },
        statusColumn<Product>(),
      ]}
      sortable={['name']}
      addPermission="add-product"
      editPermission="add-product"
      rowName={(r) => r.name}
    />
  );
}

export function PackageList() {
  return (
    <MasterListPage<Package>
      title="Packages"
      api="packages"
      route="/package"
      addPath="/package/new"
      addLabel="Add package"
      columns={[
        { id: 'name', header: 'Package', accessorKey: 'name' },
        { id: 'unitWeightKg', header: 'Unit weight (kg)', accessorKey: 'unitWeightKg' },
        statusColumn<Package>(),
      ]}
      sortable={['name']}
      addPermission="add-package"
      editPermission="add-package"
      rowName={(r) => r.name}
    />
  );
}

export function VehicleTypeList() {
  return (
    <MasterListPage<VehicleType>
      title="Vehicle types (your own; the common catalogue is always offered)"
      api="vehicle-types"
      route="/vehicle-type"
      addPath="/vehicle-type/new"
      addLabel="Add vehicle type"
      columns={[
        { id: 'name', header: 'Vehicle type', accessorKey: 'name' },
        { id: 'body', header: 'Body', accessorKey: 'body' },
        { id: 'capacityTonnes', header: 'Capacity (t)', accessorKey: 'capacityTonnes' },
        statusColumn<VehicleType>(),
      ]}
      sortable={['name', 'capacityTonnes']}
      addPermission="add-edit-delete"
      editPermission="add-edit-delete"
      rowName={(r) => r.name}
    />
  );
}

export function BidVisibilityList() {
  return (
    <MasterListPage<BidVisibility>
      title="Bid position visibility"
      api="bid-visibility-settings"
      route="/industry-request-settings"
      addPath="/industry-request-settings/new"
      addLabel="Add setting"
      columns={[
        { id: 'plant', header: 'Plant', cell: ({ row }) => row.original.plantName ?? 'Default (all plants)' },
        { id: 'visibility', header: 'Carriers see', cell: ({ row }) => BID_VISIBILITY_LABEL[row.original.visibility] },
        { id: 'minDecrement', header: 'Minimum decrement (INR)', cell: ({ row }) => formatInr(row.original.minDecrementRupees) },
        { id: 'antiSniping', header: 'Anti-sniping (min)', accessorKey: 'antiSnipingMinutes' },
        { id: 'awardWindow', header: 'Award window (h)', accessorKey: 'awardWindowHours' },
        statusColumn<BidVisibility>(),
      ]}
      addPermission="add-edit-delete"
      editPermission="add-edit-delete"
      rowName={(r) => r.plantName ?? 'Default'}
    />
  );
}

export function PaymentSettingList() {
  return (
    <MasterListPage<PaymentSetting>
      title="Payment settings"
      api="payment-settings"
      route="/industry-payment-settings"
      addPath="/industry-payment-settings/new"
      addLabel="Add setting"
      columns={[
        { id: 'plant', header: 'Plant', cell: ({ row }) => row.original.plantName ?? 'All plants' },
        { id: 'carrier', header: 'Carrier', cell: ({ row }) => row.original.carrierName ?? 'All carriers' },
        { id: 'advancePercent', header: 'Advance %', accessorKey: 'advancePercent' },
        { id: 'balanceOnPod', header: 'Balance on POD', cell: ({ row }) => (row.original.balanceOnPod ? 'Yes' : 'No') },
        { id: 'creditDays', header: 'Credit days', accessorKey: 'creditDays' },
        {
          id: 'detention',
          header: 'Detention',
          cell: ({ row }) => `${row.original.detentionFreeHours} h free, then ${formatInr(row.original.detentionRupeesPerDay)}/day`,
        },
        statusColumn<PaymentSetting>(),
      ]}
      addPermission="add-edit-delete"
      editPermission="add-edit-delete"
      rowName={(r) => `${r.plantName ?? 'All plants'} / ${r.carrierName ?? 'All carriers'}`}
    />
  );
}
