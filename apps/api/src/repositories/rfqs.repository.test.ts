import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { contractsFor, rfqsFor } from '../lib/policy.ts';
import type { Viewer } from '../lib/policy-scope.ts';
import { carrier, expectReviewed, owner as anyOwner, staff as anyStaff } from '../test/review-sql.ts';
import { contractOrdersStatement } from './contract-extras.repository.ts';
import { contractInScopeStatement, contractListStatement } from './contracts.repository.ts';
import { latestQuotesStatement, rfqInScopeStatement as rfqIdInScopeStatement } from './rfq-award.repository.ts';
import { plantsNamedStatement } from './rfq-lane-imports.repository.ts';
import { rfqForCarrierStatement } from './rfq-rounds.repository.ts';
import { orNothing, rfqInScopeStatement, rfqListStatement } from './rfqs.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();
/** The review's owner and staff user, holding the RFQ and contract permissions. */
const permissions: Viewer['permissions'] = ['list-rfp', 'add-rfp', 'list-indent', 'detail-indent', 'add-indent'];
const owner: Viewer = { ...anyOwner, permissions };
const staff: Viewer = { ...anyStaff, permissions };

describe('RFQ and contract statements', () => {
  it('are the ones reviewed', async () => {
    const q = { page: 1, pageSize: 25 as const, search: 'steel' };
    const rfqs = (viewer: Viewer) => orNothing(rfqsFor(viewer, 'list'));
    const contracts = (viewer: Viewer) => orNothing(contractsFor(viewer, 'list'));
    await expectReviewed('rfqs', [
      ['RFQs (owner, open, searched)', rfqListStatement(db, rfqs(owner), { ...q, status: 'open' }).getSQL()],
      ['RFQs (staff)', rfqListStatement(db, rfqs(staff), q).getSQL()],
      ['RFQs (carrier 9)', rfqListStatement(db, rfqs(carrier), q).getSQL()],
      ['RFQ 3 (staff, read)', rfqInScopeStatement(db, 3, orNothing(rfqsFor(staff, 'read'))).getSQL()],
      ['RFQ 3 exists (owner, change)', rfqIdInScopeStatement(db, 3, orNothing(rfqsFor(owner, 'change'))).getSQL()],
      ['RFQ 3 for carrier 9’s quotes, locked', rfqForCarrierStatement(db, 3, orNothing(rfqsFor(carrier, 'read')), 9).getSQL()],
      ['latest quotes of RFQ 3', latestQuotesStatement(3)],
      ['lane sheet plants (staff)', plantsNamedStatement(db, 7, staff, ['pune plant', 'pn1']).getSQL()],
      ['contracts (owner, RFQ 3)', contractListStatement(db, contracts(owner), { ...q, rfqId: 3 }).getSQL()],
      ['contracts (staff)', contractListStatement(db, contracts(staff), q).getSQL()],
      ['contracts (carrier 9)', contractListStatement(db, contracts(carrier), q).getSQL()],
      ['contract 4 (carrier 9, read)', contractInScopeStatement(db, 4, orNothing(contractsFor(carrier, 'read'))).getSQL()],
      ['orders of contract 4, page 1', contractOrdersStatement(db, 4, { page: 1, pageSize: 25 }).getSQL()],
    ]);
  });
});
