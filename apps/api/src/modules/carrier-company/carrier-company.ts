import { carrierCompanyAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type CarrierCompany,
  type CarrierCompanyInputParsed,
  carrierBankAccountSchema,
  carrierCompanyInputSchema,
} from '@freightdesk/shared/schemas/carrier';
import { updateBankAccount } from './bank-account.ts';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../../lib/access.ts';
import { carrierTdsRoutes } from './tds-profile.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { conflict, notFound, uniqueViolation } from '../../lib/errors.ts';
import { expectedVersion } from '../../lib/version-check.ts';
import {
  carrierCompanyRow,
  carrierRecord,
  lockCarrierVersion,
  updateCarrierProfile,
} from '../../repositories/carrier-company.repository.ts';

export async function carrierCompany(db: Db, carrierId: number): Promise<CarrierCompany> {
  const row = await carrierCompanyRow(db, carrierId);
  if (!row) {
    throw notFound('Carrier');
  }
  const { accountName, accountNumber, ifsc, bankName, bankUpdatedAt, ...company } = row;
  return {
    ...company,
    updatedAt: row.updatedAt.toISOString(),
    bankAccount:
      accountName && accountNumber && ifsc && bankUpdatedAt
        ? { accountName, accountNumber, ifsc, bankName, updatedAt: bankUpdatedAt.toISOString() }
        : null,
  };
}

/**
 * The carrier's users correct their company's details; every shipper working with it sees them.
 * A GSTIN another carrier holds is refused (409 naming `gstin`); the change is audited.
 */
export async function updateCarrierCompany(
  db: Db,
  user: { id: number; carrierId: number },
  input: CarrierCompanyInputParsed,
  expected?: Date,
): Promise<CarrierCompany> {
  const values = {
    name: input.name,
    contactName: input.contactName,
    mobile: input.mobile,
    email: input.email,
    pan: input.pan ?? null,
    gstin: input.gstin ?? null,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    pincode: input.pincode ?? null,
    fleetSize: input.fleetSize ?? null,
  };
  await db
    .transaction(async (tx) => {
      await lockCarrierVersion(tx, user.carrierId, expected);
      const before = await carrierRecord(tx, user.carrierId);
      if (!before) {
        throw notFound('Carrier');
      }
      await updateCarrierProfile(tx, user.carrierId, values);
      await writeAudit(tx, {
        industryId: null,
        actorUserId: user.id,
        entity: 'carrier',
        entityId: user.carrierId,
        action: 'update',
        from: before,
        to: values,
      });
    })
    .catch((err: unknown) => {
      if (uniqueViolation(err) === 'carriers_gstin') {
        throw conflict('gstin', 'Another carrier on Freightdesk is registered with this GSTIN.');
      }
      throw err;
    });
  return carrierCompany(db, user.carrierId);
}

/** `/api/carrier/company` (user type 2): the carrier's own company profile. */
export async function carrierCompanyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  const carrierUser = (user: ReturnType<typeof requireUser>) => ({ id: user.id, carrierId: user.carrierId ?? 0 });
  app.get('', { config, schema: { tags, response: { 200: carrierCompanyAnswer } } }, async (request) => ({
    data: await carrierCompany(db, carrierUser(requireUser(request)).carrierId),
  }));
  app.put('', { config, schema: { tags, body: carrierCompanyInputSchema, response: { 200: carrierCompanyAnswer } } }, async (request) => ({
    data: await updateCarrierCompany(db, carrierUser(requireUser(request)), request.body, expectedVersion(request)),
  }));
  // The carrier's TDS declaration and certificates (tds-profile.ts).
  await app.register(carrierTdsRoutes, { prefix: '/tds' });
  app.put(
    '/bank-account',
    { config, schema: { tags, body: carrierBankAccountSchema, response: { 200: carrierCompanyAnswer } } },
    async (request) => {
      const user = carrierUser(requireUser(request));
      await updateBankAccount(db, user, request.body);
      return { data: await carrierCompany(db, user.carrierId) };
    },
  );
}
