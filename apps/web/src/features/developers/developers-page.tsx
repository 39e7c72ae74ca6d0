import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import type { ApiKey } from '@freightdesk/shared/schemas/api-key';
import { DataTable, ROW_ACTIONS_COLUMN } from '../../components/data-table/data-table.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { Page } from '../../components/layout/page.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ApiKeyCalls } from './api-key-calls.tsx';
import { CreateApiKeyDialog } from './api-key-dialogs.tsx';
import { useApiKeys, useRevokeApiKey } from './api/api-keys.ts';
import { DeveloperGuide } from './developer-guide.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

const fail = (err: unknown) => toast(err instanceof ApiError ? err.message : 'That did not work. Please try again.', 'error');

function KeyState({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.revokedAt) {
    return <Badge color="gray">Revoked {formatDateTime(apiKey.revokedAt)}</Badge>;
  }
  if (new Date(apiKey.expiresAt).getTime() <= Date.now()) {
    return <Badge color="orange">Expired</Badge>;
  }
  return <Badge color="green">Active until {formatDateTime(apiKey.expiresAt)}</Badge>;
}

const columns: ColumnDef<ApiKey, unknown>[] = [
  {
    id: 'name',
    header: 'Key',
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {row.original.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.original.prefix}…
        </Text>
      </Stack>
    ),
  },
  { id: 'scopes', header: 'Scopes', cell: ({ row }) => row.original.scopes.join(', ') },
  { id: 'state', header: 'State', cell: ({ row }) => <KeyState apiKey={row.original} /> },
  {
    id: 'lastUsed',
    header: 'Last used',
    cell: ({ row }) =>
      row.original.lastUsedAt ? `${formatDateTime(row.original.lastUsedAt)} from ${row.original.lastUsedAddress ?? '?'}` : 'Never',
  },
  { id: 'created', header: 'Created', cell: ({ row }) => `${formatDateTime(row.original.createdAt)} by ${row.original.createdByName}` },
];

/** A row's buttons: its calls, and revoking it (after a confirmation). */
function KeyActions({ apiKey, onCalls }: { apiKey: ApiKey; onCalls: (k: ApiKey) => void }) {
  const revoke = useRevokeApiKey();
  const confirmRevoke = async () => {
    const text = `“${apiKey.name}” stops working at once, on every server. Systems that use it will be refused.`;
    if (await confirmAction(text, 'Revoke key', true)) {
      revoke.mutate(apiKey.id, { onSuccess: () => toast(`${apiKey.name} is revoked.`), onError: fail });
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" onClick={() => onCalls(apiKey)} aria-label={`Calls of ${apiKey.name}`}>
        Calls
      </Button>
      {!apiKey.revokedAt && (
        <Button
          size="xs"
          color="red"
          variant="light"
          onClick={confirmRevoke}
          loading={revoke.isPending}
          aria-label={`Revoke ${apiKey.name}`}
        >
          Revoke
        </Button>
      )}
    </Group>
  );
}

/** The company's API keys: the list (server pages), create, revoke and each key's calls. */
function ApiKeysSection() {
  const params = useListParams();
  const query = useApiKeys({ page: params.list.page, pageSize: params.list.pageSize });
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<ApiKey | null>(null);
  const actions: ColumnDef<ApiKey, unknown> = {
    id: ROW_ACTIONS_COLUMN,
    header: '',
    cell: ({ row }) => <KeyActions apiKey={row.original} onCalls={setSelected} />,
  };
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2} size="h3">
            API keys
          </Title>
          <Text size="sm" c="dimmed">
            Your ERP sends a key in the X-API-Key header and acts as your company, within the key’s scopes.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Create API key
        </Button>
      </Group>
      <DataTable
        caption="API keys"
        columns={[...columns, actions]}
        data={query.data?.data ?? []}
        total={query.data?.total ?? 0}
        page={params.list.page}
        pageSize={params.list.pageSize}
        query={query}
        getRowId={(k) => k.id}
        onPageChange={(page) => params.update({ page })}
        onPageSizeChange={(pageSize) => params.update({ pageSize })}
      />
      {selected && <ApiKeyCalls key={selected.id} apiKey={selected} />}
      {creating && <CreateApiKeyDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
}

/**
 * `/settings/developers` (issue 34): what an ERP developer needs of the company's account. Shown to
 * the carrier account and the shipper owner (user types 2 and 3).
 */
export function DevelopersPage() {
  return (
    <Page title="Developers">
      <Stack gap="xl">
        <ApiKeysSection />
        <WebhooksSection />
        <DeveloperGuide />
      </Stack>
    </Page>
  );
}
