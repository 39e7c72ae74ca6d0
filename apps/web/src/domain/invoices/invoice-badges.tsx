import { Badge } from '@mantine/core';
import { type AuditResult, INVOICE_STATUS_LABEL, type InvoiceStatus } from '@freightdesk/shared/schemas/invoice';
import { AUDIT_COLOR, AUDIT_LABEL, INVOICE_STATUS_COLOR } from './invoice-format.ts';

/** An invoice's status: Submitted, Approved, Disputed, Partly paid, Paid. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={INVOICE_STATUS_COLOR[status]} variant="light">
      {INVOICE_STATUS_LABEL[status]}
    </Badge>
  );
}

/** What the freight audit found on a line: it matches the platform's records, differs, or could not be checked. */
export function AuditBadge({ audit }: { audit: AuditResult }) {
  return (
    <Badge color={AUDIT_COLOR[audit]} variant="light" style={{ whiteSpace: 'nowrap' }}>
      {AUDIT_LABEL[audit]}
    </Badge>
  );
}
