import { type SQL, sql } from 'drizzle-orm';

/**
 * One column of the shipper's bidding rule for a plant (bid_visibility_settings): the plant's own
 * active row, else the shipper's default row; null when it has neither.
 */
export const ruleColumn = (
  column: 'visibility' | 'award_window_hours' | 'min_decrement_paise' | 'anti_sniping_minutes',
  industryId: SQL | number,
  plantId: SQL | number,
) =>
  sql`(select v.${sql.raw(column)} from bid_visibility_settings v
    where v.industry_id = ${industryId} and v.status = 'active' and (v.plant_id = ${plantId} or v.plant_id is null)
    order by v.plant_id nulls last limit 1)`;
