import { describe, expect, it } from 'vitest';
import { expectReviewed, owner, staff, toQuery } from '../test/review-sql.ts';
import { booksSettingsStatement } from './books-settings.repository.ts';
import { breakdownStatement, DASHBOARD_CARDS, masterCardsStatement } from './dashboard.repository.ts';
import { planInvoiceStatement } from './plan-invoices.repository.ts';

/** The dashboard's, plan invoices' and books settings' statements, reviewed in queries/*.sql (test/review-sql.ts). */
describe('repository statements', () => {
  it('of the dashboard are the ones reviewed', async () => {
    await expectReviewed('dashboard', [
      ['masterCards (owner, no filter)', masterCardsStatement(owner, {})],
      [
        'masterCards (staff with plants 21, 22 and unit 5; dates, plant 21)',
        masterCardsStatement(staff, { startDate: '2026-12-01', endDate: '2026-12-05', plantId: 21 }),
      ],
      ...DASHBOARD_CARDS.map((card): [string, ReturnType<typeof breakdownStatement>] => [
        `breakdown ${card} (staff)`,
        breakdownStatement(staff, card),
      ]),
    ]);
  });
  it('of plan invoices and books settings are the ones reviewed', async () => {
    await expectReviewed('plan-invoices', [
      ['ofPayment (platform admin, payment 3)', planInvoiceStatement({ ...owner, userType: 1, industryId: null }, 3)],
      ['ofPayment (owner with list-plan, payment 3)', planInvoiceStatement({ ...owner, permissions: ['list-plan'] }, 3)],
      ['ofPayment (staff without list-plan, payment 3)', planInvoiceStatement(staff, 3)],
    ]);
    await expectReviewed('books-settings', [['of the caller’s own company 7', booksSettingsStatement(7)]]);
  });
  it('scope a staff user to their plants on the plants card and its breakdown alike', () => {
    for (const s of [masterCardsStatement(staff, {}), breakdownStatement(staff, 'plants')]) {
      const q = toQuery(s);
      expect(q.sql).toMatch(/"plants"\."id" in \(\$\d+, \$\d+\)/);
      expect(q.params).toEqual(expect.arrayContaining([21, 22, 5]));
    }
  });
});
