import { CONTRACT_DOCUMENT_KINDS } from '@freightdesk/shared/schemas/document';
import { DocumentsPanel } from '../documents/documents-panel.tsx';

/**
 * A contract's documents (signed agreement, SLA, anything else): the shipper lists, uploads,
 * downloads and deletes its own through `/contracts/:id/documents`; the contract's carrier reads
 * them through `/carrier/contracts/:id/documents`.
 */
export function ContractDocumentsTab({
  contractId,
  side,
  writable = false,
}: {
  contractId: number;
  side: 'shipper' | 'carrier';
  writable?: boolean;
}) {
  const listUrl = side === 'carrier' ? `/carrier/contracts/${contractId}/documents` : `/contracts/${contractId}/documents`;
  const mayWrite = side === 'shipper' && writable;
  return (
    <DocumentsPanel
      listUrl={listUrl}
      uploadUrl={mayWrite ? listUrl : undefined}
      kinds={CONTRACT_DOCUMENT_KINDS}
      canDelete={(d) => mayWrite && d.side === 'shipper'}
      emptyText={side === 'carrier' ? 'The shipper has not shared any documents on this contract.' : 'No documents yet.'}
    />
  );
}
