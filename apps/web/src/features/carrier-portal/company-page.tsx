import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CarrierCompany, type CarrierCompanyInput, carrierCompanyInputSchema } from '@freightdesk/shared/schemas/carrier';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { StaleAlert } from '../../components/form/stale-alert.tsx';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { useEditRecord } from '../../components/master/use-edit-record.ts';
import { Page } from '../../components/layout/page.tsx';
import { api, isStale } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { CarrierCompanyFields } from '../../components/form/carrier-company-fields.tsx';
import { BankAccountCard } from './bank-account-card.tsx';
import { companyQuery } from './company-query.ts';
import { TdsCard } from './tds-card.tsx';

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

/** Below the profile: the account shippers pay to, and what they deduct from the freight (TDS). */
function PaymentCards({ company }: { company: CarrierCompany | undefined }) {
  return (
    <>
      <BankAccountCard company={company} queryKey={companyQuery.queryKey} />
      <TdsCard pan={company?.pan} />
    </>
  );
}

/** `/carrier/company`: the carrier's own company details, which every shipper it works with sees. */
export function CarrierCompanyPage() {
  const query = useQuery(companyQuery);
  const { data } = query;
  const session = useSession();
  const me = useMemo(
    () => ({ userName: session.userName, mobile: session.mobile, email: session.email }),
    [session.userName, session.mobile, session.email],
  );
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // The error summary brings the first bad field (in page order) into view itself.
  const form = useForm<CarrierCompanyInput>({ resolver: zodResolver(carrierCompanyInputSchema) as never, shouldFocusError: false });
  const summary = useErrorSummary(form);
  const [stale, setStale] = useState<string | null>(null);
  const load = useCallback((row: CarrierCompany) => form.reset(toForm(row, me)), [form, me]);
  // Loaded once, fresh; a colleague's save meanwhile makes ours a 409 STALE with a Reload.
  const record = useEditRecord(query, load);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setStale(null);
    try {
      const saved = await api.put<{ data: CarrierCompany }>('/carrier/company', values, { ifMatch: record.version });
      client.setQueryData(companyQuery.queryKey, saved.data);
      record.accept(saved.data);
      toast('Company details saved.');
    } catch (err) {
      if (isStale(err)) {
        setStale(err.message);
        return;
      }
      setError(applyServerErrors(err, form.setError, FIELDS));
      summary.reveal();
    }
  }, summary.onInvalid);
  return (
    <Page title="Company profile">
      <form ref={summary.formRef} onSubmit={submit} noValidate>
        <Stack maw={1000}>
          <FormErrorSummary summary={summary} />
          <Text c="dimmed" size="sm">
            {data
              ? `Shippers see these details on their carrier lists and orders. You work with ${data.shipperCount} shipper${data.shipperCount === 1 ? '' : 's'}; last changed ${formatDateTime(data.updatedAt)}.`
              : 'Loading…'}
          </Text>
          {stale && (
            <StaleAlert
              message={stale}
              onReload={async () => {
                await record.reload();
                setStale(null);
              }}
            />
          )}
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
      <PaymentCards company={data} />
    </Page>
  );
}
