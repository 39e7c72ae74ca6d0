import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { BillableOrdersQuery } from '@freightdesk/shared/schemas/invoice';
import type { BillableOrder } from '@freightdesk/shared/schemas/invoice-views';
import type { DbOrTx } from '../../db/client.ts';
import { billableOrderPage } from '../../repositories/invoice-billable.repository.ts';
import { detentionOf, freightOf, type Terms } from './invoice-audit.ts';
import { orderFacts, termsFor } from './invoice-facts.ts';

/**
 * The carrier's delivered orders of one shipper that no invoice bills yet (the invoice form's
 * picker), searched and paged on the server, each with the freight and detention the platform expects.
 */
export async function billableOrders(db: DbOrTx, carrierId: number, q: BillableOrdersQuery): Promise<ListResponse<BillableOrder>> {
  const page = await billableOrderPage(db, carrierId, q);
  const facts = await orderFacts(
    db,
    page.data.map((r) => r.id),
  );
  const data: BillableOrder[] = [];
  const termsByPlace = new Map<string, Terms>();
  for (const r of page.data) {
    const f = facts.get(r.id);
    if (!f) {
      continue;
    }
    // One shipper's page: the same few (plant, link) terms serve every row; read each once.
    const key = `${f.plantId}:${f.industryCarrierId}`;
    const terms = termsByPlace.get(key) ?? (await termsFor(db, f.industryId, f.plantId, f.industryCarrierId));
    termsByPlace.set(key, terms);
    const detention = detentionOf(f, terms);
    data.push({
      id: f.id,
      number: f.number,
      plantId: f.plantId,
      plantName: r.plantName,
      vehicleNumber: f.vehicleNumber,
      deliveredAt: (f.podDeliveredAt ?? f.deliveredAt)?.toISOString() ?? null,
      freightPaise: freightOf(f),
      detentionPaise: detention.paise,
      detentionHours: detention.hours,
      shortageQty: f.shortageQty,
      damageQty: f.damageQty,
    });
  }
  return { ...page, data };
}
