import { Alert, Badge, Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { type Carrier, type CarrierInput, carrierInputSchema, carrierLinkUpdateSchema } from '@freightdesk/shared/schemas/carrier';
import { StatusBadge } from '../../components/master/master-list-page.tsx';
import { MasterFormPage } from '../../components/master/master-form.tsx';
import { useMasterOne } from '../../components/master/use-master.ts';
import { MultiPickerField } from '../../components/form/picker-fields.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { hasPermission } from '../../lib/session.ts';
import { CarrierCompanyFields } from '../../components/form/carrier-company-fields.tsx';

/** `/industry-transporter/new`: link an existing carrier (found by mobile or email) or create one. */
export function CarrierAddPage() {
  return (
    <MasterFormPage<CarrierInput, Carrier>
      title="carrier"
      api="carriers"
      listPath="/industry-transporter"
      schema={carrierInputSchema}
      after={(c) => `/industry-transporter/view/${c.id}`}
      defaults={{
        name: '',
        contactName: '',
        mobile: '',
        email: '',
        pan: '',
        gstin: '',
        address: '',
        city: '',
        state: '',
        pincode: '',
        code: '',
        groupIds: [],
      }}
      notice={
        <Alert color="blue">
          If a carrier already uses this mobile or email on Freightdesk, it is linked to your company as it is. Otherwise a new carrier is
          created and its contact gets an email to set a password.
        </Alert>
      }
    >
      {(form) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <CarrierCompanyFields form={form} />
            <TextInput label="Your code for this carrier" {...form.register('code')} error={form.formState.errors.code?.message} />
            <MultiPickerField control={form.control} name="groupIds" source="carrierGroups" label="Groups" placeholder="None" />
          </SimpleGrid>
        </>
      )}
    </MasterFormPage>
  );
}

type LinkValues = { code?: string; groupIds: number[] };

/** `/industry-transporter/edit/:id`: the shipper's own code and groups (details belong to the carrier). */
export function CarrierEditPage() {
  return (
    <MasterFormPage<LinkValues, Carrier>
      title="carrier"
      api="carriers"
      listPath="/industry-transporter"
      schema={carrierLinkUpdateSchema}
      after={(c) => `/industry-transporter/view/${c.id}`}
      defaults={{ code: '', groupIds: [] }}
      toForm={(c) => ({ code: c.code ?? '', groupIds: c.groupIds })}
      notice={<Text c="dimmed">The carrier keeps its own company details; here you set your code for it and its groups.</Text>}
    >
      {({ register, control, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
          <TextInput label="Your code for this carrier" {...register('code')} error={errors.code?.message} />
          <MultiPickerField control={control} name="groupIds" source="carrierGroups" label="Groups" placeholder="None" />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

/** `/industry-transporter/view/:id` */
export function CarrierViewPage() {
  const id = Number(useParams().id);
  const query = useMasterOne<Carrier>('carriers', id);
  const c = query.data;
  if (!c) {
    return <PageQueryState title="Carrier" query={query} loading="Loading the carrier" failed="The carrier could not be loaded." />;
  }
  const rows: [string, string | number | null][] = [
    ['Contact person', c.contactName],
    ['Mobile', c.mobile],
    ['Email', c.email],
    ['PAN', c.pan],
    ['GSTIN', c.gstin],
    ['Address', [c.address, c.city, c.state, c.pincode].filter(Boolean).join(', ')],
    ['Fleet size', c.fleetSize],
    ['Your code', c.code],
    ['Groups', c.groupNames.join(', ')],
  ];
  return (
    <Page
      title={c.name}
      actions={
        hasPermission('add-industry-transporter') && (
          <Button component={Link} to={`/industry-transporter/edit/${c.id}`}>
            Edit
          </Button>
        )
      }
    >
      <Group mb="md">
        <StatusBadge status={c.status} />
        {c.status === 'blocked' && (
          <Badge color="red" variant="light">
            Not invited to your requests
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text>{value === null || value === '' ? '—' : value}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Page>
  );
}
