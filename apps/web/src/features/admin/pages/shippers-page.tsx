import { SimpleGrid, TextInput } from '@mantine/core';
import { useParams } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { Shipper, ShipperInputParsed } from '@freightdesk/shared/schemas/plan';
import { shipperInputSchema, shipperUpdateSchema } from '@freightdesk/shared/schemas/plan';
import { MasterFormPage } from '../../../components/master/master-form.tsx';
import { statusColumn, MasterListPage, STATUS_FILTER } from '../../../components/master/master-list-page.tsx';
import { formatDate } from '../../../lib/format.ts';

const columns: ColumnDef<Shipper, unknown>[] = [
  { id: 'name', header: 'Company', accessorKey: 'name' },
  {
    id: 'owner',
    header: 'Owner',
    cell: ({ row }) => `${row.original.ownerName ?? '—'} ${row.original.ownerEmail ? `(${row.original.ownerEmail})` : ''}`,
  },
  {
    id: 'plan',
    header: 'Plan',
    cell: ({ row }) => (row.original.planName ? `${row.original.planName} until ${formatDate(row.original.planEndsAt)}` : 'No plan'),
  },
  { id: 'userCount', header: 'Active users', accessorKey: 'userCount' },
  statusColumn(),
];

/** The dashboard's "plans ending" opens this list with 30 days chosen. */
const PLAN_ENDS_FILTER = {
  key: 'planEndsWithinDays',
  label: 'Plan ends',
  options: [7, 30, 90].map((days) => ({ value: String(days), label: `Within ${days} days` })),
};

export function ShipperListPage() {
  return (
    <MasterListPage<Shipper>
      title="Shippers"
      api="admin/shippers"
      route="/admin/shippers"
      addLabel="Add shipper"
      columns={columns}
      sortable={['name']}
      filters={[STATUS_FILTER, PLAN_ENDS_FILTER]}
      addPermission="admin"
      editPermission="admin"
      deletable={false}
      rowName={(s) => s.name}
    />
  );
}

/**
 * `/admin/shippers/add`: the company and its owner, who is invited by mail.
 * `/admin/shippers/edit/:id`: the company's name and GSTIN only (the owner keeps their own contact
 * details in the profile).
 */
export function ShipperFormPage() {
  const editing = Boolean(useParams().id);
  return (
    <MasterFormPage<ShipperInputParsed, Shipper>
      title="shipper"
      api="admin/shippers"
      listPath="/admin/shippers"
      schema={editing ? shipperUpdateSchema : shipperInputSchema}
      defaults={{ company: '', gstin: '', ownerName: '', ownerEmail: '', ownerMobile: '' }}
      toForm={toShipperForm}
    >
      {({ register, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={800}>
          <TextInput label="Company name" withAsterisk {...register('company')} error={errors.company?.message} />
          <TextInput label="GSTIN" maxLength={15} {...register('gstin')} error={errors.gstin?.message} />
          {!editing && (
            <>
              <TextInput label="Owner name" withAsterisk {...register('ownerName')} error={errors.ownerName?.message} />
              <TextInput label="Owner email" withAsterisk type="email" {...register('ownerEmail')} error={errors.ownerEmail?.message} />
              <TextInput
                label="Owner mobile"
                withAsterisk
                maxLength={10}
                {...register('ownerMobile')}
                error={errors.ownerMobile?.message}
              />
            </>
          )}
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

const toShipperForm = (s: Shipper) => ({ company: s.name, gstin: s.gstin ?? '' });
