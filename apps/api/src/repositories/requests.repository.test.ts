import { describe, it } from 'vitest';
import { carrier, ownerAll as owner, staffAll as staff } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { requestScopeFor } from './requests.repository.ts';

describe('requests statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('requests', [
      ['requestOf scope (owner, change, outbound)', requestScopeFor(owner, 'change', 1)],
      ['requestOf scope (staff with plants 21, 22 and unit 5, read, inbound)', requestScopeFor(staff, 'read', 2)],
      ['requestOf scope (carrier 9, read, outbound)', requestScopeFor(carrier, 'read', 1)],
    ]);
  });
});
