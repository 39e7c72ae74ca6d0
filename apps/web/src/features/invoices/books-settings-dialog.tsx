import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconSettings } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  BANK_SHEET_FIELDS,
  type BooksSettings,
  bankTemplateSchema,
  DEFAULT_BANK_TEMPLATE,
  DEFAULT_LEDGER_TEMPLATE,
  type DebitAccountInput,
  debitAccountSchema,
  LEDGER_SHEET_FIELDS,
  ledgerTemplateSchema,
} from '@freightdesk/shared/schemas/column-sheet';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { ColumnTemplateEditor } from './column-template-editor.tsx';
import { saveDebitAccount, useBooksSettings, useTakeBooksSettings } from './api/books-settings.ts';

const EMPTY: DebitAccountInput = { accountName: '', accountNumber: '', ifsc: '' };
const FIELDS = Object.keys(debitAccountSchema.shape);

/** The account the bank payment file debits (`PUT /api/invoices/books-settings/debit-account`). */
function DebitAccountCard({ saved, onSaved }: { saved: BooksSettings['debitAccount']; onSaved: (s: BooksSettings) => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DebitAccountInput>({ resolver: zodResolver(debitAccountSchema) as never, defaultValues: saved ?? EMPTY });
  useEffect(() => form.reset(saved ?? EMPTY), [form, saved]);
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onSaved(await saveDebitAccount(values));
      toast('Debit account saved.');
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return (
    <Card withBorder component="section" aria-label="Debit account">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={5}>Debit account</Title>
          <Text size="sm" c="dimmed">
            The account your bank pays the carriers from: every row of the bank payment file names it.
          </Text>
          {error && <Alert color="red">{error}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Account name" withAsterisk {...form.register('accountName')} error={errors.accountName?.message} />
            <TextInput
              label="Account number"
              withAsterisk
              inputMode="numeric"
              maxLength={24}
              {...form.register('accountNumber')}
              error={errors.accountNumber?.message}
            />
            <TextInput label="IFSC" withAsterisk maxLength={13} {...form.register('ifsc')} error={errors.ifsc?.message} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save debit account
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The settings' three parts, once they are loaded. */
function SettingsBody({ settings }: { settings: BooksSettings }) {
  const onSaved = useTakeBooksSettings();
  return (
    <Stack>
      <DebitAccountCard saved={settings.debitAccount} onSaved={onSaved} />
      <ColumnTemplateEditor
        kind="bank-template"
        title="Bank payment file columns"
        hint="Map the columns to your bank's bulk-upload format, in its order, with its header names."
        schema={bankTemplateSchema}
        fields={BANK_SHEET_FIELDS}
        saved={settings.bankTemplate}
        fallback={DEFAULT_BANK_TEMPLATE}
        onSaved={onSaved}
      />
      <ColumnTemplateEditor
        kind="ledger-template"
        title="Ledger CSV columns"
        hint="One row per posting of the Tally file's vouchers: map the columns your books (SAP or other) import."
        schema={ledgerTemplateSchema}
        fields={LEDGER_SHEET_FIELDS}
        saved={settings.ledgerTemplate}
        fallback={DEFAULT_LEDGER_TEMPLATE}
        onSaved={onSaved}
      />
    </Stack>
  );
}

/** "Bank and books settings": the debit account and the column maps of the bank file and the ledger CSV, in a dialog. */
export function BooksSettingsButton() {
  const [opened, setOpened] = useState(false);
  const small = useMediaQuery('(max-width: 40em)');
  const query = useBooksSettings(opened);
  return (
    <>
      <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setOpened(true)}>
        Bank and books settings
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Bank and books settings" size="xl" fullScreen={small}>
        {query.data ? (
          <SettingsBody settings={query.data} />
        ) : (
          <Text c={query.isError ? 'red' : 'dimmed'}>{query.isError ? 'The settings could not be loaded.' : 'Loading…'}</Text>
        )}
      </Modal>
    </>
  );
}
