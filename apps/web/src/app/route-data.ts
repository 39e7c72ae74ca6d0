import type { Session } from '../lib/session.ts';
import { askEarly } from '../lib/early-answers.ts';
import { getAppState } from '../lib/app-state.ts';
import { listQueryOf, readListParams } from '../components/data-table/use-list-params.ts';
import { CARRIER_ORDER_FILTERS, carrierOrdersQuery, PLACED_ORDERS_QUERY } from '../features/carrier-portal/api/carrier-orders.ts';
import { shipperDashboardQueryOptions } from '../features/dashboard/api/get-shipper-dashboard.ts';
import { tripQuery } from '../features/driver/api/trip.ts';
import { gateBoardQuery } from '../features/gate/api/gate-board.ts';

/**
 * The data a page draws first, by route id, asked for as the navigation starts (record 0310): the
 * same query options the page's own hooks use, built from the address as the page reads it. Kept
 * to the pages opened most on a phone or a tablet (the carrier's orders, the dashboard, the gate
 * boards of the user's first plant, the driver's trip: a public page, asked whoever opens it, since
 * the link is all it needs). A board switched to another plant never shows the first plant's rows
 * meanwhile (`gateBoardQuery`'s placeholder, record 0315).
 */
const FIRST_DATA: Readonly<Record<string, (url: URL, session: Session) => void>> = {
  'carrier-orders': (url) => {
    askEarly(carrierOrdersQuery(listQueryOf(readListParams(url.searchParams, CARRIER_ORDER_FILTERS))));
    askEarly(carrierOrdersQuery(PLACED_ORDERS_QUERY));
  },
  'driver-trip': (url) => {
    const token = decodeURIComponent(url.pathname.split('/')[2] ?? '');
    if (token) {
      askEarly(tripQuery(token));
    }
  },
  'gate-inbound': () => askEarly(gateBoardQuery('inbound', {})),
  'gate-outbound': () => askEarly(gateBoardQuery('outbound', {})),
  dashboard: (_url, session) => {
    if (session.userType === 3 || session.userType === 4) {
      const { dateRange, filter } = getAppState();
      askEarly(shipperDashboardQueryOptions(dateRange, filter));
    }
  },
};

/** Asks for the first data of route `routeId` at `url`, when the page has any listed. */
export function askFirstData(routeId: string, url: URL, session: Session): void {
  FIRST_DATA[routeId]?.(url, session);
}
