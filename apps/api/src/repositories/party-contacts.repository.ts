import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { ListQuery, ListResponse } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../db/client.ts';
import { parties, partyContacts } from '../db/schema/parties.ts';
import { cappedPage, countUpTo } from './common/list-page.ts';
import { likePattern, orderBy } from './common/pagination.ts';
import { EXPORT_MAX_ROWS } from '../lib/tenant-resource.ts';

/** The people at a shipper's clients (`/api/client-contacts`): only the shipper's own clients, searched. */

const contactColumns = {
  id: partyContacts.id,
  clientId: parties.id,
  company: parties.company,
  name: partyContacts.name,
  designation: partyContacts.designation,
  mobile: partyContacts.mobile,
  email: partyContacts.email,
};

const where = (industryId: number, search?: string) =>
  and(
    eq(parties.industryId, industryId),
    eq(parties.kind, 'client'),
    search
      ? or(...[partyContacts.name, partyContacts.mobile, partyContacts.email, parties.company].map((c) => ilike(c, likePattern(search))))
      : undefined,
  );

/** The shipper's client contacts matching the query, in its order (without a limit). */
export function clientContactRows(db: DbOrTx, industryId: number, q: ListQuery) {
  return db
    .select(contactColumns)
    .from(partyContacts)
    .innerJoin(parties, eq(parties.id, partyContacts.partyId))
    .where(where(industryId, q.search))
    .orderBy(...orderBy(q.sort, { name: partyContacts.name, company: parties.company }, sql`${partyContacts.id}`))
    .$dynamic();
}

type ContactRow = Awaited<ReturnType<typeof clientContactRows>>[number];

/** A page of the shipper's client contacts, its total counted up to a limit. */
export async function clientContactPage(db: DbOrTx, industryId: number, q: ListQuery): Promise<ListResponse<ContactRow>> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(partyContacts)
    .innerJoin(parties, eq(parties.id, partyContacts.partyId))
    .where(where(industryId, q.search))
    .$dynamic();
  return cappedPage(q, (limit, offset) => clientContactRows(db, industryId, q).limit(limit).offset(offset), countUpTo(db, matches));
}

/** The shipper's client contacts for an export (at most EXPORT_MAX_ROWS). */
export async function clientContactExportRows(db: DbOrTx, industryId: number, q: ListQuery): Promise<ContactRow[]> {
  return clientContactRows(db, industryId, q).limit(EXPORT_MAX_ROWS);
}
