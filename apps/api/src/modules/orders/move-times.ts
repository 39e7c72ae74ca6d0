import { formatIst } from '@freightdesk/shared/eway-bill';
import { CLOCK_SKEW_MINUTES } from '@freightdesk/shared/schemas/execution';
import { badRequest } from '../../lib/errors.ts';

/**
 * The time a move happened, as typed (a guard entering a gate in after the fact, a POD's delivered
 * at) or now: never in the future (beyond a tablet's clock skew), never before the move it follows.
 * A refusal is a 400 naming the field.
 */
export function momentOf(
  typed: Date | undefined,
  field: string,
  label: string,
  after: { at: Date | null; what: string }[] = [],
  now = new Date(),
): Date {
  const at = typed ?? now;
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MINUTES * 60_000) {
    throw badRequest(field, `${label} cannot be in the future.`);
  }
  for (const before of after) {
    if (before.at && at.getTime() < before.at.getTime()) {
      throw badRequest(field, `${label} cannot be before the ${before.what} (${formatIst(before.at)}).`);
    }
  }
  return at;
}
