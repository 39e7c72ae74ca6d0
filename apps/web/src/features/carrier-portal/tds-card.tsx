import { Alert, Button, Card, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { financialYear } from '@freightdesk/shared/money';
import { type TdsCertificateView, type TdsDeclarationInput, type TdsProfile, tdsDeclarationSchema } from '@freightdesk/shared/schemas/tds';
import { toast } from '../../components/feedback/feedback.tsx';
import { QueryState } from '../../components/feedback/query-state.tsx';
import { toDay, todayInIndia } from '../../components/form/date-time.ts';
import { NumberField } from '../../components/form/number-field.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { TdsCertificateDialog } from './tds-certificate-dialog.tsx';
import { certificatePeriod, certificateRate, certificateUse, currentDeclaration, declarationSentence } from './tds-queries.ts';
import { useSaveTdsDeclaration, useTdsProfile } from './api/carrier-tds.ts';

const FIELDS = Object.keys(tdsDeclarationSchema.shape);

/** The PAN shippers deduct against, or what its absence costs. */
function PanLine({ pan }: { pan: string | null }) {
  return pan ? (
    <Text size="sm">
      PAN: <strong>{pan}</strong>
    </Text>
  ) : (
    <Alert color="yellow">Add your PAN to the company profile: without it shippers deduct 20%.</Alert>
  );
}

/** The day the carrier signs the declaration: today (India) at the latest. */
function DeclaredOnField({ form }: { form: UseFormReturn<TdsDeclarationInput> }) {
  return (
    <Controller
      control={form.control}
      name="declaredOn"
      render={({ field, fieldState }) => (
        <DatePickerInput
          label="Declared on"
          withAsterisk
          valueFormat={DATE_FORMAT}
          maxDate={todayInIndia()}
          value={field.value || null}
          onChange={(v) => field.onChange(toDay(v) ?? '')}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The 194C(6) declaration for this financial year: ten or fewer goods carriages, with the PAN. */
function DeclarationForm({ pan }: { pan: string | null }) {
  const save = useSaveTdsDeclaration();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TdsDeclarationInput>({
    resolver: zodResolver(tdsDeclarationSchema) as never,
    defaultValues: { financialYear: financialYear(new Date()).label, declaredOn: todayInIndia() },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync(values);
      toast(`Declaration for ${values.financialYear} saved. Your shippers deduct no TDS on your freight this year.`);
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Declaration of goods carriages">
      <Stack gap="sm">
        <Text size="sm">
          If you own ten or fewer goods carriages, declare it with your PAN and your shippers deduct no TDS on freight (section 194C(6)).
        </Text>
        {error && <Alert color="red">{error}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Financial year"
            withAsterisk
            maxLength={7}
            {...form.register('financialYear')}
            error={errors.financialYear?.message}
          />
          <NumberField
            control={form.control}
            name="carriages"
            label="Goods carriages owned"
            withAsterisk
            decimals={0}
            inputMode="numeric"
          />
          <DeclaredOnField form={form} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!pan}>
            Save declaration
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One certificate: the shipper it names, its number and rate, its period and what it has covered so far. */
function CertificateItem({ certificate: c }: { certificate: TdsCertificateView }) {
  return (
    <Paper withBorder p="sm" component="li">
      <Text fw={500}>{c.shipperName}</Text>
      <Text size="sm">
        Certificate {c.number} · {certificateRate(c.ratePct)}
      </Text>
      <Text size="sm" c="dimmed">
        Valid {certificatePeriod(c)} · {certificateUse(c)}
      </Text>
    </Paper>
  );
}

/** The lower-deduction certificates (section 197), each for one shipper, and the way to add one. */
function Certificates({ certificates }: { certificates: TdsCertificateView[] }) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="sm">
      <Title order={5}>Lower-deduction certificates</Title>
      {certificates.length === 0 ? (
        <Text size="sm" c="dimmed">
          No certificates. Add one when the income-tax officer allows a shipper to deduct less.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Certificates">
          {certificates.map((c) => (
            <CertificateItem key={c.id} certificate={c} />
          ))}
        </Stack>
      )}
      <Group>
        <Button variant="light" onClick={() => setAdding(true)}>
          Add certificate
        </Button>
      </Group>
      {adding && <TdsCertificateDialog onClose={() => setAdding(false)} />}
    </Stack>
  );
}

/** The profile's TDS parts once loaded: PAN, this year's declaration (or its form), the certificates. */
function TdsDetails({ profile, pan }: { profile: TdsProfile; pan: string | null }) {
  const declared = currentDeclaration(profile);
  return (
    <>
      <PanLine pan={pan} />
      {declared ? <Text size="sm">{declarationSentence(declared)}</Text> : <DeclarationForm pan={pan} />}
      <Certificates certificates={profile.certificates} />
    </>
  );
}

/**
 * What the carrier's shippers deduct from its freight (TDS, issue 33): its PAN, this financial
 * year's 194C(6) declaration and its lower-deduction certificates (`/api/carrier/company/tds`).
 * `pan` is the company profile's as loaded on the page, so a PAN just saved there counts at once.
 */
export function TdsCard({ pan }: { pan: string | null | undefined }) {
  const query = useTdsProfile();
  const profile = query.data;
  return (
    <Card withBorder component="section" aria-label="Tax deduction (TDS)" maw={1000} mt="xl">
      <Stack gap="sm">
        <Title order={4}>Tax deduction (TDS)</Title>
        {profile ? (
          <TdsDetails profile={profile} pan={pan === undefined ? profile.pan : pan} />
        ) : (
          <QueryState query={query} loading="Loading your TDS details" failed="Your TDS details could not be loaded." />
        )}
      </Stack>
    </Card>
  );
}
