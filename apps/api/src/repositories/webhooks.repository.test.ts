import { describe, it } from 'vitest';
import { carrier, expectReviewed, owner } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import {
  attemptsQuery,
  deliveriesCountQuery,
  deliveriesPageQuery,
  deliveryForJobQuery,
  earlierPendingQuery,
  nextInChainQuery,
  replayDeliveryQuery,
} from './webhook-deliveries.repository.ts';
import {
  companyManagersQuery,
  deleteEndpointQuery,
  endpointQuery,
  endpointsQuery,
  rotateSecretQuery,
  subscribedEndpointsQuery,
  updateEndpointQuery,
} from './webhook-endpoints.repository.ts';
import { indentSubjectQuery, invoiceSubjectQuery, orderDocumentNumbersQuery, orderSubjectQuery } from './webhook-subjects.repository.ts';

describe('webhook repositories', () => {
  it('builds the statements reviewed', async () => {
    const chain = { id: 5, endpointId: 3, orderId: 8 };
    const until = new Date('2026-12-07T00:00:00Z');
    await expectReviewed('webhooks', [
      ['endpoints (owner of shipper 7)', endpointsQuery(reviewDb, owner).getSQL()],
      ['endpoints (carrier 9)', endpointsQuery(reviewDb, carrier).getSQL()],
      ['one endpoint (owner)', endpointQuery(reviewDb, owner, 3).getSQL()],
      ['update (carrier)', updateEndpointQuery(reviewDb, carrier, 3, { enabled: false }).getSQL()],
      ['delete (owner)', deleteEndpointQuery(reviewDb, owner, 3).getSQL()],
      ['rotate (owner)', rotateSecretQuery(reviewDb, owner, 3, 'whsec_new', until).getSQL()],
      ['subscribed to order.gate_in (shipper 7)', subscribedEndpointsQuery(reviewDb, 'order.gate_in', 7).getSQL()],
      ['company managers (carrier 9)', companyManagersQuery(reviewDb, { industryId: null, carrierId: 9 }).getSQL()],
      ['delivery for its job', deliveryForJobQuery(reviewDb, 5).getSQL()],
      ['earlier pending of the order', earlierPendingQuery(reviewDb, chain).getSQL()],
      ['next in the order chain', nextInChainQuery(reviewDb, chain).getSQL()],
      ['deliveries page (owner)', deliveriesPageQuery(reviewDb, owner, 3, 'failed', { limit: 25, offset: 0 }).getSQL()],
      ['deliveries counted (carrier)', deliveriesCountQuery(reviewDb, carrier, 3, undefined).getSQL()],
      ['attempts (owner)', attemptsQuery(reviewDb, owner, 3, 5).getSQL()],
      ['replay (owner)', replayDeliveryQuery(reviewDb, owner, 3, 5).getSQL()],
      ['order subject', orderSubjectQuery(reviewDb, 8).getSQL()],
      ['order document numbers', orderDocumentNumbersQuery(reviewDb, 8).getSQL()],
      ['invoice subject', invoiceSubjectQuery(reviewDb, 4).getSQL()],
      ['indent subject of an allocation', indentSubjectQuery(reviewDb, 6).getSQL()],
    ]);
  });
});
