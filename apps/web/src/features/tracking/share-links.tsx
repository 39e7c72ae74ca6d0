import { Alert, Anchor, Badge, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import type { TrackingLink } from '@freightdesk/shared/schemas/tracking-links';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { Dir } from './api/tracking-keys.ts';
import { useLinkActions, useLinks } from './api/links.ts';

/** The link's address as the server wrote it in the share text (its PUBLIC_URL), else from this page's address. */
export function linkUrl(link: Pick<TrackingLink, 'path' | 'shareText'>): string {
  const fromText = link.shareText?.match(/https?:\/\/\S+$/)?.[0];
  return fromText ?? `${window.location.origin}${window.location.pathname}${link.path ?? ''}`;
}

/** The link just made: its address (shown once: only its hash is stored), copy and WhatsApp. */
function NewLink({ link }: { link: TrackingLink }) {
  const url = linkUrl(link);
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(link.shareText ?? url)}`;
  return (
    <Alert color="green" title="Live link created">
      <Stack gap="xs">
        <Text size="sm">Anyone with this link sees this shipment only (position, trail, stops, ETA), never its price.</Text>
        <TextInput label="Live link" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
        <Group gap="xs">
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button
            size="xs"
            color="green"
            component="a"
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconBrandWhatsapp size={14} />}
          >
            Share on WhatsApp
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** One earlier link: when made, until when it works, revoke. */
function LinkRow({ link, onRevoke, busy }: { link: TrackingLink; onRevoke: () => void; busy: boolean }) {
  const state = link.revokedAt ? 'Revoked' : link.active ? 'Active' : 'Expired';
  return (
    <Group justify="space-between" wrap="nowrap" aria-label={`Live link of ${formatDateTime(link.createdAt)}`} role="group">
      <Stack gap={0}>
        <Text size="sm">Created {formatDateTime(link.createdAt)}</Text>
        <Text size="xs" c="dimmed">
          {link.revokedAt
            ? `Revoked ${formatDateTime(link.revokedAt)}`
            : link.expiresAt
              ? `Works until ${formatDateTime(link.expiresAt)}`
              : 'Works until a day after delivery'}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Badge color={link.active ? 'green' : 'gray'} variant="light">
          {state}
        </Badge>
        {link.active && (
          <Button size="xs" color="red" variant="subtle" onClick={onRevoke} loading={busy}>
            Revoke
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** "Share live link": create a public link (copy, WhatsApp), see earlier ones, revoke them. */
export function ShareLinks({ dir, orderId, orderNumber }: { dir: Dir; orderId: number; orderNumber: string }) {
  const links = useLinks(dir, orderId);
  const { create, revoke } = useLinkActions(dir, orderId);
  const [fresh, setFresh] = useState<TrackingLink | null>(null);
  const share = () =>
    create.mutate(undefined, {
      onSuccess: setFresh,
      onError: (err) => toast(err instanceof ApiError ? err.message : 'The link could not be created. Try again.', 'error'),
    });
  const revokeOne = async (link: TrackingLink) => {
    if (
      !(await confirmAction(`Revoke this live link of ${orderNumber}? Whoever has it will no longer see the shipment.`, 'Revoke', true))
    ) {
      return;
    }
    revoke.mutate(link.id, {
      onSuccess: () => {
        toast('Link revoked');
        setFresh((f) => (f?.id === link.id ? null : f));
      },
      onError: (err) => toast(err instanceof ApiError ? err.message : 'The link could not be revoked. Try again.', 'error'),
    });
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="share-title">
      <Group justify="space-between" mb="sm">
        <Title order={4} id="share-title">
          Public links
        </Title>
        <Button size="xs" leftSection={<IconShare size={14} />} onClick={share} loading={create.isPending}>
          Share live link
        </Button>
      </Group>
      <Stack gap="sm">
        {fresh && <NewLink link={fresh} />}
        {links.data?.length === 0 && !fresh && (
          <Text size="sm" c="dimmed">
            No link yet. A live link lets a customer follow this truck without logging in.
          </Text>
        )}
        {links.data?.map((l) => (
          <LinkRow key={l.id} link={l} busy={revoke.isPending && revoke.variables === l.id} onRevoke={() => void revokeOne(l)} />
        ))}
        {links.isError && (
          <Anchor component="button" size="sm" onClick={() => void links.refetch()}>
            The links could not be loaded. Try again
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
