import { Stack, Text } from '@mantine/core';
import type { Order } from '@freightdesk/shared/schemas/order';
import { DocumentsPanel } from '../../domain/documents/documents-panel.tsx';

/**
 * The order's documents (LR, POD, invoice, e-way bill…) shared with the shipper, through the
 * documents feature's panel on the carrier endpoints. The carrier deletes only its own uploads, and
 * never the file of a proof of delivery it submitted (`keep`): that is the delivery's evidence.
 */
export function OrderDocuments({ order, keep = [] }: { order: Order; keep?: readonly number[] }) {
  const url = `/carrier/orders/${order.id}/documents`;
  const closed = order.status === 'rejected' || order.status === 'cancelled';
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Documents of {order.number}
      </Text>
      <DocumentsPanel
        listUrl={url}
        uploadUrl={closed ? undefined : url}
        canDelete={(doc) => doc.side === 'carrier' && !keep.includes(doc.id)}
        emptyText="No documents yet. Upload the LR, POD, invoice or e-way bill here; the shipper sees them too."
      />
    </Stack>
  );
}
