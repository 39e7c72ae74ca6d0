import { Alert, Button, Checkbox, Code, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { API_SCOPE_LABEL, type ApiScope } from '@freightdesk/shared/api-scopes';
import type { ApiKeyCreated } from '@freightdesk/shared/schemas/api-key';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { ApiError } from '../../lib/api.ts';
import { useCreateApiKey, useGrantableScopes } from './api/api-keys.ts';

const fieldError = (err: unknown, field: string) => (err instanceof ApiError ? err.fields?.[field] : undefined);
const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : 'That did not work. Please try again.');
const EXPIRY_DAYS = ['30', '90', '180', '365'];

/** The new key's secret, shown this once, with a copy button. */
export function ApiKeySecretDialog({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`API key “${created.name}”`} size="lg" centered>
      <Stack>
        <Alert color="orange" title="Copy the key now">
          This is the only time Freightdesk shows it. Keep it in your ERP’s secret store; if it is lost, revoke it and create another.
        </Alert>
        <Code block data-testid="api-key-secret" style={{ wordBreak: 'break-all' }}>
          {created.key}
        </Code>
        <Group justify="space-between">
          <CopyButton value={created.key}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The scopes as checkboxes: only those this user may grant (their permissions and the company's plan). */
function ScopeChoice({ value, onChange, error }: { value: ApiScope[]; onChange: (v: ApiScope[]) => void; error?: string }) {
  const grantable = useGrantableScopes();
  const scopes = grantable.data ?? [];
  if (grantable.isSuccess && !scopes.length) {
    return <Alert color="orange">Your plan includes no API access: choose a plan first.</Alert>;
  }
  return (
    <Checkbox.Group
      label="Scopes"
      description="What the key may do, read or write, per area."
      value={value}
      onChange={(v) => onChange(v as ApiScope[])}
      error={error}
      withAsterisk
    >
      <Stack gap="xs" mt="xs">
        {scopes.map((scope) => (
          <Checkbox key={scope} value={scope} label={`${scope}: ${API_SCOPE_LABEL[scope]}`} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** Creates a key: its name, scopes and life; then its secret, once. */
export function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [days, setDays] = useState('90');
  if (create.data) {
    return <ApiKeySecretDialog created={create.data} onClose={onClose} />;
  }
  const err = create.error;
  const known = ['name', 'scopes', 'expiresInDays'].some((f) => fieldError(err, f));
  return (
    <Modal opened onClose={onClose} title="Create an API key" centered size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name: name.trim(), scopes, expiresInDays: Number(days) });
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            description="Which system uses it, e.g. SAP production."
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError(err, 'name')}
            withAsterisk
            data-autofocus
          />
          <ScopeChoice value={scopes} onChange={setScopes} error={fieldError(err, 'scopes')} />
          <Select
            label="Expires after"
            data={EXPIRY_DAYS.map((d) => ({ value: d, label: `${d} days` }))}
            value={days}
            onChange={(v) => setDays(v ?? '90')}
            allowDeselect={false}
            error={fieldError(err, 'expiresInDays')}
          />
          <Text size="xs" c="dimmed">
            Send the key in the X-API-Key header. It acts as your company with these scopes only.
          </Text>
          <DialogFooter error={err && !known ? messageOf(err) : null} onCancel={onClose}>
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}
