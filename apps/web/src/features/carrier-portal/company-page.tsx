import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { type CarrierCompany, type CarrierCompanyInput, carrierCompanyInputSchema } from '@freightdesk/shared/schemas/carrier';
import { toast } from '../../components/feedback/feedback.tsx';
import { StaleAlert } from '../../components/form/stale-alert.tsx';
import { useEditForm } from '../../components/form/use-edit-form.ts';
import { FormErrorSummary } from '../../components/form/use-error-summary.tsx';
import { useEditRecord } from '../../components/master/use-edit-record.ts';
import { Page } from '../../components/layout/page.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { CarrierCompanyFields } from '../../components/form/carrier-company-fields.tsx';
import { BankAccountCard } from './bank-account-card.tsx';
import { useCarrierCompany, useUpdateCarrierCompany } from './api/carrier-company.ts';
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
      <BankAccountCard company={company} />
      <TdsCard pan={company?.pan} />
    </>
  );
}

/** The profile's form: loaded once, fresh, and saved against that version (a colleague's save meanwhile is a 409 STALE with a Reload). */
function useCompanyForm() {
  const query = useCarrierCompany();
  const session = useSession();
  const me = useMemo(
    () => ({ userName: session.userName, mobile: session.mobile, email: session.email }),
    [session.userName, session.mobile, session.email],
  );
  // The error summary brings the first bad field (in page order) into view itself.
  const form = useForm<CarrierCompanyInput>({ resolver: zodResolver(carrierCompanyInputSchema) as never, shouldFocusError: false });
  const load = useCallback((row: CarrierCompany) => form.reset(toForm(row, me)), [form, me]);
  // Loaded once, fresh; a colleague's save meanwhile makes ours a 409 STALE with a Reload.
  const record = useEditRecord(query, load);
  const update = useUpdateCarrierCompany();
  const edit = useEditForm(form, {
    save: (values: CarrierCompanyInput) => update.mutateAsync({ body: values, ifMatch: record.version }),
    onSaved: (saved) => {
      record.accept(saved);
      toast('Company details saved.');
    },
    reload: record.reload,
    fields: FIELDS,
  });
  const discard = () => query.data && form.reset(toForm(query.data, me));
  return { data: query.data, form, edit, discard };
}

/** `/carrier/company`: the carrier's own company details, which every shipper it works with sees. */
export function CarrierCompanyPage() {
  const { data, form, edit, discard } = useCompanyForm();
  return (
    <Page title="Company profile">
      <form ref={edit.summary.formRef} onSubmit={edit.submit} noValidate>
        <Stack maw={1000}>
          <FormErrorSummary summary={edit.summary} />
          <Text c="dimmed" size="sm">
            {data
              ? `Shippers see these details on their carrier lists and orders. You work with ${data.shipperCount} shipper${data.shipperCount === 1 ? '' : 's'}; last changed ${formatDateTime(data.updatedAt)}.`
              : 'Loading…'}
          </Text>
          {edit.stale && <StaleAlert message={edit.stale} onReload={edit.reloadStale} />}
          {edit.alert && <Alert color="red">{edit.alert.message}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <CarrierCompanyFields form={form} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!data}>
              Save
            </Button>
            <Button variant="default" onClick={discard} disabled={!form.formState.isDirty}>
              Discard changes
            </Button>
          </Group>
        </Stack>
      </form>
      <PaymentCards company={data} />
    </Page>
  );
}
