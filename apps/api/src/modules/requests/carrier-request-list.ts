import { LIST_COUNT_CAP } from '@freightdesk/shared/constants';
import type { CarrierRequestList, CarrierRequestListQuery } from '@freightdesk/shared/schemas/bid';
import type { Db } from '../../db/client.ts';
import { inIdOrder } from '../../repositories/common/list-page.ts';
import { pageWindow } from '../../repositories/common/pagination.ts';
import type { Viewer } from '../../lib/policy.ts';
import { carrierRowsOf, tabCounts, tabPageIds } from '../../repositories/carrier-request-list.repository.ts';
import { toCarrierRequest } from './carrier-requests.service.ts';

/**
 * `GET /api/carrier/requests`: one tab of the requests a carrier is invited to (directly or through
 * a group, link not blocked), searched and paged on the server, with both tabs' counts. The page's
 * ids are found first; only those rows are read with their positions and outcomes.
 */
export async function carrierRequests(db: Db, carrier: Viewer, q: CarrierRequestListQuery): Promise<CarrierRequestList> {
  const counts = await tabCounts(db, carrier, q.search);
  const ids = await tabPageIds(db, carrier, q, pageWindow(q));
  const rows = await carrierRowsOf(db, carrier, ids);
  const found = counts[q.tab];
  return {
    data: inIdOrder(ids, rows).map(toCarrierRequest),
    total: Math.min(found, LIST_COUNT_CAP),
    ...(found > LIST_COUNT_CAP ? { totalCapped: true } : {}),
    page: q.page,
    pageSize: q.pageSize,
    counts: { live: Math.min(counts.live, LIST_COUNT_CAP), finished: Math.min(counts.finished, LIST_COUNT_CAP) },
  };
}
