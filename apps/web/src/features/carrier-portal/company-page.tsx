import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CarrierCompany, type CarrierCompanyInput, carrierCompanyInputSchema } from '@freightdesk/shared/schemas/carrier';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { Page } from '../../components/layout/page.tsx';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { CarrierCompanyFields } from '../carriers/carrier-fields.tsx';

const companyQuery = {
  queryKey: ['carrier', 'company'],
  queryFn: () => api.get<{ data: CarrierCompany }>('/carrier/company').then((r) => r.data),
};

const FIELDS = Object.keys(carrierCompanyInputSchema.shape);

/** The saved details; a contact left empty starts as the signed-in user, who is usually that contact. */
const toForm = (c: CarrierCompany, me: { userName: string; mobile: string; email: string }): CarrierCompanyInput => ({
  name: c.name,
  contactName: c.contactName ?? me.userName,
  mobile: c.mobile ?? me.mobile,
  email: c.email ?? me.email,
  pan: c.pan ?? '',
  gstin: c.gstin ?? '',
  address: c.address ?? '',
  city: c.city ?? '',
  state: c.state ?? '',
  pincode: c.pincode ?? '',
  fleetSize: c.fleetSize ?? undefined,
});

/** `/carrier/company`: the carrier's own company details, which every shipper it works with sees. */
export function CarrierCompanyPage() {
  const { data } = useQuery(companyQuery);
  const session = useSession();
  const me = useMemo(
    () => ({ userName: session.userName, mobile: session.mobile, email: session.email }),
    [session.userName, session.mobile, session.email],
  );
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CarrierCompanyInput>({ resolver: zodResolver(carrierCompanyInputSchema) as never });
  useEffect(() => {
    if (data) {
      form.reset(toForm(data, me));
    }
  }, [data, form, me]);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await api.put<{ data: CarrierCompany }>('/carrier/company', values);
      client.setQueryData(companyQuery.queryKey, saved.data);
      toast('Company details saved.');
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return (
    <Page title="Company profile">
      <form onSubmit={submit} noValidate>
        <Stack maw={1000}>
          <Text c="dimmed" size="sm">
            {data
              ? `Shippers see these details on their carrier lists and orders. You work with ${data.shipperCount} shipper${data.shipperCount === 1 ? '' : 's'}; last changed ${formatDateTime(data.updatedAt)}.`
              : 'Loading…'}
          </Text>
          {error && <Alert color="red">{error}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <CarrierCompanyFields form={form} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!data}>
              Save
            </Button>
            <Button variant="default" onClick={() => data && form.reset(toForm(data, me))} disabled={!form.formState.isDirty}>
              Discard changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
