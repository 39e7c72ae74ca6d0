import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { indiaDayKey } from '@freightdesk/shared/date-time';
import { FACTOR_CODES, type Factor, type FactorVersion, type FactorVersionInput } from '@freightdesk/shared/schemas/emissions';
import { toast } from '../../components/feedback/feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAddFactorVersion } from './api/factor-calls.ts';

type Draft = Record<string, Factor>;
/** An error in the text colour that reads at 4.5:1 (main.tsx), the typed value in the body's colour. */
const readable = { input: { color: 'var(--mantine-color-text)' }, error: { color: 'var(--mantine-color-red-text)' } };
const tomorrow = () => indiaDayKey(new Date(Date.now() + 86_400_000));

function FactorRow({ code, factor, onChange, error }: { code: string; factor: Factor; onChange: (f: Factor) => void; error?: string }) {
  return (
    <Paper withBorder p="xs">
      <Text size="sm" fw={600}>
        {code}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
        <NumberInput
          label="Value"
          size="xs"
          value={factor.value}
          decimalScale={4}
          onChange={(v) => onChange({ ...factor, value: Number(v) })}
          error={error}
          styles={readable}
        />
        <TextInput label="Unit" size="xs" value={factor.unit} onChange={(e) => onChange({ ...factor, unit: e.currentTarget.value })} />
        <TextInput
          label="Source"
          size="xs"
          value={factor.source}
          onChange={(e) => onChange({ ...factor, source: e.currentTarget.value })}
        />
        <TextInput
          label="Source date"
          size="xs"
          value={factor.sourceDate}
          onChange={(e) => onChange({ ...factor, sourceDate: e.currentTarget.value })}
        />
      </SimpleGrid>
    </Paper>
  );
}

/** The server's field errors of a factor, found under `factors.<code>…`. */
const errorOf = (fields: Record<string, string>, code: string) =>
  Object.entries(fields).find(([k]) => k.startsWith(`factors.${code}`))?.[1];

/** Sends the version; on a refusal keeps the server's field errors for the form. */
function useSaveVersion(onDone: () => void) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const add = useAddFactorVersion();
  const save = async (body: FactorVersionInput) => {
    setFields({});
    try {
      const made = await add.mutateAsync(body);
      toast(`Factor version ${made.label} added`, 'success');
      onDone();
    } catch (err) {
      setFields(err instanceof ApiError ? err.fields : {});
      toast(err instanceof ApiError ? err.message : 'The version could not be added.', 'error');
    }
  };
  return { fields, save, saving: add.isPending };
}

/**
 * A new factor version, started from the newest one the user reads: every factor with its source,
 * a label and the day it starts (today or later). The server's refusals show by field.
 */
export function FactorVersionForm({ from, onDone }: { from: FactorVersion; onDone: () => void }) {
  const [label, setLabel] = useState('');
  const [validFrom, setValidFrom] = useState(tomorrow());
  const [factors, setFactors] = useState<Draft>(() => ({ ...from.factors }));
  const { fields, save: send, saving } = useSaveVersion(onDone);
  const save = () => send({ label, validFrom, factors: factors as FactorVersionInput['factors'] });
  return (
    <Stack gap="sm" role="form" aria-label="New factor version">
      <Title order={3} size="h4">
        New factor version (from {from.label})
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Label"
          withAsterisk
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          error={fields.label}
          styles={readable}
        />
        <TextInput
          label="Valid from (YYYY-MM-DD)"
          withAsterisk
          value={validFrom}
          onChange={(e) => setValidFrom(e.currentTarget.value)}
          error={fields.validFrom}
          styles={readable}
        />
      </SimpleGrid>
      {fields.factors && <Alert color="red">{fields.factors}</Alert>}
      {FACTOR_CODES.map((code) => {
        const f = factors[code];
        return f ? (
          <FactorRow
            key={code}
            code={code}
            factor={f}
            error={errorOf(fields, code)}
            onChange={(next) => setFactors({ ...factors, [code]: next })}
          />
        ) : null;
      })}
      <Group>
        <Button onClick={save} loading={saving}>
          Add version
        </Button>
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
