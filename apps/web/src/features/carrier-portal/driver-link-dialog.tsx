import { Alert, Badge, Button, CopyButton, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy, IconMessage, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import type { Order } from '@freightdesk/shared/schemas/order';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { type DriverLinkCreated, useCreateDriverLink, useDriverLink, useEndDriverLink } from './api/driver-link.ts';
import { sendAddresses, tripMessage } from './driver-link-text.ts';

const FINISHED = ['delivered', 'closed', 'rejected', 'cancelled'];
const MOBILE = /^[6-9]\d{9}$/;

/** The new link's address and the ways to send it: Share (the phone's share sheet), SMS, WhatsApp, Copy. */
function SendLink({ order, link, phone }: { order: Order; link: DriverLinkCreated; phone: string }) {
  const text = tripMessage(order, link.url);
  const to = sendAddresses(phone, text);
  const canShare = typeof navigator.share === 'function';
  return (
    <Stack gap="sm">
      <Alert color="green" title="Trip link created">
        The driver opens it without an account: this trip only, no prices. It stops working when the order ends or a new link is made.
      </Alert>
      <TextInput label="Trip link" value={link.url} readOnly onFocus={(e) => e.currentTarget.select()} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {canShare && (
          <Button
            leftSection={<IconShare size={16} />}
            onClick={() => void navigator.share({ title: `Trip ${order.number}`, text, url: link.url }).catch(() => undefined)}
          >
            Share
          </Button>
        )}
        <Button component="a" href={to.sms} variant="light" leftSection={<IconMessage size={16} />}>
          SMS
        </Button>
        <Button
          component="a"
          href={to.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          color="green"
          leftSection={<IconBrandWhatsapp size={16} />}
        >
          WhatsApp
        </Button>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </SimpleGrid>
    </Stack>
  );
}

/** Creates the link for the driver's mobile (the order's, changeable), then offers the ways to send it. */
function DriverLinkDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const create = useCreateDriverLink(order.id);
  const [phone, setPhone] = useState(order.driverMobile ?? '');
  const [link, setLink] = useState<DriverLinkCreated | null>(null);
  const wrongPhone = phone !== '' && !MOBILE.test(phone) ? 'Mobile must be 10 digits starting with 6, 7, 8 or 9' : undefined;
  const submit = () => create.mutate(phone || undefined, { onSuccess: setLink });
  const error = create.error instanceof ApiError ? (create.error.fields.driverPhone ?? create.error.message) : create.error?.message;
  return (
    <Modal opened onClose={onClose} title={`Send trip link to driver: ${order.number}`} centered size="lg">
      {link ? (
        <SendLink order={order} link={link} phone={phone} />
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            The driver's page shows the trip's stops, contacts and papers, shares the phone's location while it is open, and marks Reported,
            Arrived and Delivered with the POD photo. A new link ends the previous one.
          </Text>
          <TextInput
            label="Driver mobile"
            inputMode="numeric"
            maxLength={10}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value.trim())}
            error={wrongPhone}
          />
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} loading={create.isPending} disabled={Boolean(wrongPhone)}>
              Create link
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * In the carrier's order panel (issue 35, record 0302): whether a driver link is active (made,
 * last opened), "Send trip link to driver", and End link. Offered once a vehicle is assigned and
 * until the order ends.
 */
export function DriverLinkSection({ order }: { order: Order }) {
  const { data: link } = useDriverLink(order.id);
  const end = useEndDriverLink(order.id);
  const [sending, setSending] = useState(false);
  const open = !FINISHED.includes(order.status) && Boolean(order.vehicleNumber);
  const endLink = async () => {
    if (await confirmAction(`End the driver's link of ${order.number}? The driver's page stops working.`, 'End link', true)) {
      end.mutate(undefined, { onSuccess: () => toast(`The driver's link of ${order.number} has ended.`) });
    }
  };
  return (
    <Stack gap={6} align="flex-start">
      <Group gap="xs">
        <Badge color={link?.active ? 'green' : 'gray'} variant="light">
          {link?.active ? 'Link active' : 'No active link'}
        </Badge>
        {link?.active && (
          <Text size="xs" c="dimmed">
            Made {formatDateTime(link.createdAt)} · {link.lastSeenAt ? `last opened ${formatDateTime(link.lastSeenAt)}` : 'not opened yet'}
          </Text>
        )}
      </Group>
      {!order.vehicleNumber && (
        <Text size="sm" c="dimmed">
          Assign a vehicle first.
        </Text>
      )}
      <Group gap="xs">
        {open && (
          <Button size="xs" variant="light" onClick={() => setSending(true)}>
            Send trip link to driver
          </Button>
        )}
        {link?.active && (
          <Button size="xs" variant="subtle" color="red" onClick={() => void endLink()} loading={end.isPending}>
            End link
          </Button>
        )}
      </Group>
      {sending && <DriverLinkDialog order={order} onClose={() => setSending(false)} />}
    </Stack>
  );
}
