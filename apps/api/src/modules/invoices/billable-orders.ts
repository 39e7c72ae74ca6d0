import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { BillableOrdersQuery } from '@freightdesk/shared/schemas/invoice';
import type { BillableOrder } from '@freightdesk/shared/schemas/invoice-views';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { plants } from '../../db/schema/plants.ts';
import { industryCarriers } from '../../db/schema/tenancy.ts';
import { cappedPage, countUpTo, numberMatch } from '../../lib/list-page.ts';
import { detentionOf, freightOf, type Terms } from './invoice-audit.ts';
import { orderFacts, termsFor } from './invoice-facts.ts';

/**
 * The carrier's delivered orders of one shipper that no invoice bills yet (the invoice form's
 * picker), searched and paged on the server, each with the freight and detention the platform expects.
 */
export async function billableOrders(db: DbOrTx, carrierId: number, q: BillableOrdersQuery): Promise<ListResponse<BillableOrder>> {
  const where = and(
    eq(orders.industryId, q.industryId),
    sql`${orders.industryCarrierId} in (select id from ${industryCarriers} where carrier_id = ${carrierId} and industry_id = ${q.industryId})`,
    inArray(orders.status, ['delivered', 'closed']),
    sql`not exists (select 1 from invoice_orders io where io.order_id = ${orders.id})`,
    q.plantId ? eq(orders.plantId, q.plantId) : undefined,
    q.search ? numberMatch(orders.number, q.search) : undefined,
  );
  const page = await cappedPage(
    q,
    (limit, offset) =>
      db
        .select({ id: orders.id, plantName: plants.name })
        .from(orders)
        .innerJoin(plants, eq(plants.id, orders.plantId))
        .where(where)
        .orderBy(desc(orders.id))
        .limit(limit)
        .offset(offset),
    countUpTo(db, db.select({ id: orders.id }).from(orders).where(where)),
  );
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
