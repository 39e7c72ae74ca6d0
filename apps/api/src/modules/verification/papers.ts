import { formatDay } from '@freightdesk/shared/date-time';
import type { VehiclePapers } from '@freightdesk/shared/schemas/carrier-vehicles';
import { DEFAULT_VERIFICATION_RULES } from '@freightdesk/shared/schemas/verification';
import type { RegisterCheckRow } from '../../repositories/register-checks.repository.ts';
import { recordOf } from './verdict.ts';

/**
 * A vehicle's papers in one line for the carrier's vehicle picker (issue 37): what VAHAN last
 * said, whatever any shipper's rules make of it: the registration not active, else the earliest
 * lapsed document, else the earliest ending within 15 days, else valid with the next end.
 */
export function vehiclePapers(row: RegisterCheckRow, today: string): VehiclePapers {
  const record = recordOf(row, DEFAULT_VERIFICATION_RULES, today);
  if (record.status !== null && record.status !== 'ACTIVE') {
    const said = record.status === 'NOT_FOUND' ? 'not in VAHAN' : `${record.status.toLowerCase()} in VAHAN`;
    return { state: 'expired', text: `Registration ${said}` };
  }
  const dated = record.documents.filter((d) => d.validTo).sort((a, b) => String(a.validTo).localeCompare(String(b.validTo)));
  const expired = dated.find((d) => d.state === 'expired');
  if (expired) {
    return { state: 'expired', text: `${expired.label} expired on ${formatDay(expired.validTo)}` };
  }
  const expiring = dated.find((d) => d.state === 'expiring');
  if (expiring) {
    return { state: 'expiring', text: `${expiring.label} ends on ${formatDay(expiring.validTo)}` };
  }
  const next = dated[0];
  return { state: 'valid', text: next ? `Papers valid; ${next.label.toLowerCase()} ends on ${formatDay(next.validTo)}` : 'Papers valid' };
}
