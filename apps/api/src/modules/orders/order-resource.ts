/** The order reads other modules use (issue 32: their statements live in the repositories). */
export { allOrders, orderResources } from '../../repositories/order-rows.repository.ts';
export { carrierOrder, carrierOrders, orScopeNone } from '../../repositories/orders.repository.ts';
