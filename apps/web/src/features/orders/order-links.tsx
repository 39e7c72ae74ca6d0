import { Link } from 'react-router';
import type { Order } from '@freightdesk/shared/schemas/order';
import { hasPermission } from '../../lib/session.ts';
import type { Dir } from './cancel-order-dialog.tsx';

/** An order's detail page (inbound orders live under `detail/`, as the spec's routes have them). */
export const orderPath = (dir: Dir, id: number, offline = false) =>
  offline ? `/offline/${dir}/order/${id}` : dir === 'inbound' ? `/order/inbound/detail/${id}` : `/order/outbound/${id}`;

/** The request an order was awarded from, or the indent whose acceptance made it, when the user may open it. */
export function requestPathOf(dir: Dir, order: Pick<Order, 'requestId'> & Partial<Pick<Order, 'indentId'>>): string | null {
  if (order.indentId) {
    return hasPermission('detail-indent') || hasPermission('list-indent') ? `/indent/detail/${order.indentId}` : null;
  }
  const mayOpen = hasPermission(dir === 'inbound' ? 'detail-inbound-request' : 'detail-outbound-request');
  return order.requestId && mayOpen ? `/request/${dir}/detail/${order.requestId}` : null;
}

/** Where an order came from, in a word. */
export const SOURCE_LABEL: Record<Order['source'], string> = { request: 'Request', indent: 'Indent', offline: 'Offline' };

/** The request's (or indent's) number, a link to its detail when the user may open it; the source otherwise (offline). */
export function RequestLink({
  dir,
  order,
}: {
  dir: Dir;
  order: Pick<Order, 'requestId' | 'requestNumber' | 'source'> & Partial<Pick<Order, 'indentId' | 'indentNumber'>>;
}) {
  const path = requestPathOf(dir, order);
  const text = order.requestNumber ?? order.indentNumber ?? SOURCE_LABEL[order.source];
  return path ? (
    <Link to={path} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Link>
  ) : (
    <span style={{ whiteSpace: 'nowrap' }}>{text}</span>
  );
}
