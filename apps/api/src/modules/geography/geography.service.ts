import type { Db } from '../../db/client.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';
import { citySpec, countryCount, countrySpec, insertIndiaGeography, stateSpec } from '../../repositories/geography.repository.ts';

export const countryResource = tenantResource(countrySpec);
export const stateResource = tenantResource(stateSpec);
export const cityResource = tenantResource(citySpec);

/** Loads India's states and cities (shipped data file) into an empty geography. */
export async function ensureGeography(db: Db): Promise<void> {
  if ((await countryCount(db)) > 0) {
    return;
  }
  await db.transaction(async (tx) => {
    await insertIndiaGeography(tx);
  });
}
