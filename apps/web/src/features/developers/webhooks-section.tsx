import { Alert, Badge, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { WebhookEndpoint } from '@freightdesk/shared/schemas/webhook';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import {
  getWebhookSecret,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useWebhookEndpoints,
  useWebhookSecret,
} from './api/webhooks.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookEndpointForm } from './webhook-endpoint-form.tsx';
import { formatDateTime } from '../../lib/format.ts';

/**
 * Webhooks on the Developers settings page (issue 34): the company's endpoints, their signing
 * secrets (Standard Webhooks, `whsec_…`), a test event, the delivery log and replay.
 */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const list = endpoints.data ?? [];
  return (
    <Stack component="section" aria-labelledby="webhooks-title" gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id="webhooks-title" size="h3">
          Webhooks
        </Title>
        <Button onClick={() => setEditing('new')}>Add endpoint</Button>
      </Group>
      <Text size="sm">
        Freightdesk posts each event you choose to your endpoints, signed by the Standard Webhooks specification, and tries again for about
        27 hours while your endpoint fails.
      </Text>
      {endpoints.isError && (
        <Alert color="red" role="alert">
          The endpoints could not be loaded.
        </Alert>
      )}
      {endpoints.isSuccess && !list.length && <Text size="sm">No endpoints yet.</Text>}
      {list.map((e) => (
        <EndpointCard key={e.id} endpoint={e} onEdit={() => setEditing(e)} />
      ))}
      {editing && <WebhookEndpointForm endpoint={editing === 'new' ? undefined : editing} opened onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** One endpoint: its URL and events, its secret (hidden until shown), and its actions. */
function EndpointCard({ endpoint, onEdit }: { endpoint: WebhookEndpoint; onEdit: () => void }) {
  const [showLog, setShowLog] = useState(false);
  return (
    <Card withBorder component="article" aria-label={`Endpoint ${endpoint.url}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <Badge color={endpoint.enabled ? 'green' : 'gray'}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</Badge>
        </Group>
        {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
        {endpoint.disabledReason && (
          <Alert color="red" title="Disabled by Freightdesk">
            {endpoint.disabledReason}. Fix the endpoint, enable it again and replay what it missed.
          </Alert>
        )}
        <Text size="sm">Events: {endpoint.eventTypes.join(', ')}</Text>
        <SecretLine endpoint={endpoint} />
        <EndpointActions endpoint={endpoint} onEdit={onEdit} onLog={() => setShowLog((v) => !v)} showLog={showLog} />
        {showLog && <WebhookDeliveries endpointId={endpoint.id} />}
      </Stack>
    </Card>
  );
}

/** Copies the secret, read from the server at the click (no secret waits in the page for it). */
function CopySecret({ endpointId, known }: { endpointId: number; known: string | undefined }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(known ?? (await getWebhookSecret(endpointId)).secret);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast('Could not copy the secret: use Reveal and copy it by hand.', 'error');
    }
  };
  return (
    <Button size="xs" variant="subtle" onClick={copy}>
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/** The signing secret: its hint, and the secret itself read from the server only on Reveal or Copy. */
function SecretLine({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [shown, setShown] = useState(false);
  const secret = useWebhookSecret(endpoint.id, shown);
  const text = shown ? (secret.data?.secret ?? (secret.isError ? 'Could not read the secret' : 'Reading…')) : endpoint.secretHint;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">Signing secret:</Text>
      <Code style={{ overflowWrap: 'anywhere' }}>{text}</Code>
      <Button size="xs" variant="subtle" onClick={() => setShown((v) => !v)} aria-pressed={shown}>
        {shown ? 'Hide' : 'Reveal'}
      </Button>
      <CopySecret endpointId={endpoint.id} known={shown ? secret.data?.secret : undefined} />
      {endpoint.previousSecretUntil && (
        <Text size="xs">The previous secret also signs until {formatDateTime(endpoint.previousSecretUntil)}.</Text>
      )}
    </Group>
  );
}

type ActionsProps = { endpoint: WebhookEndpoint; onEdit: () => void; onLog: () => void; showLog: boolean };

function EndpointActions({ endpoint, onEdit, onLog, showLog }: ActionsProps) {
  const rotate = useRotateWebhookSecret();
  const test = useSendWebhookTest();
  const remove = useDeleteWebhookEndpoint();
  const onRotate = async () => {
    if (await confirmAction('Make a new signing secret? The current one keeps signing beside it for 24 hours.', 'Rotate secret')) {
      await rotate.mutateAsync(endpoint.id);
      toast('New secret made. Put it in your receiver within 24 hours.');
    }
  };
  const onDelete = async () => {
    if (await confirmAction(`Delete the endpoint ${endpoint.url} and its delivery log?`, 'Delete', true)) {
      await remove.mutateAsync(endpoint.id);
      toast('Endpoint deleted.');
    }
  };
  const onTest = async () => {
    await test.mutateAsync(endpoint.id);
    toast('Test event sent. It shows in the delivery log.');
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button size="xs" variant="default" onClick={onEdit}>
        Edit
      </Button>
      <Button size="xs" variant="default" onClick={onTest} loading={test.isPending} disabled={!endpoint.enabled}>
        Send test event
      </Button>
      <Button size="xs" variant="default" onClick={onRotate} loading={rotate.isPending}>
        Rotate secret
      </Button>
      <Button size="xs" variant="default" onClick={onLog} aria-expanded={showLog}>
        {showLog ? 'Hide deliveries' : 'Deliveries'}
      </Button>
      <Button size="xs" color="red" variant="light" onClick={onDelete} loading={remove.isPending}>
        Delete
      </Button>
    </Group>
  );
}
