import type { QueryClient } from '@tanstack/react-query';
import { preloadOptionLabels } from '../../components/form/use-server-options.ts';
import type { LaneRow } from './rfq-form-values.ts';
import { idsNamed, importedToRows, type LaneSource } from './rfq-lane-import.ts';

/**
 * Lanes (a sheet's, or a draft RFQ's loaded for editing) as form rows, with the labels of everything
 * they name asked at once (a few calls, not one per picker) and each address found among client or
 * vendor addresses. Labels that cannot be had now are asked by the pickers themselves.
 */
export async function rowsWithLabels(client: QueryClient, lanes: readonly LaneSource[]): Promise<LaneRow[]> {
  const rough = importedToRows(lanes);
  const ids = idsNamed(rough);
  try {
    const [, , , , clients] = await Promise.all([
      preloadOptionLabels(client, 'plants', ids.plants),
      preloadOptionLabels(client, 'stops', ids.stops),
      preloadOptionLabels(client, 'vehicleTypes', ids.vehicleTypes),
      preloadOptionLabels(client, 'products', ids.products),
      preloadOptionLabels(client, 'clientAddresses', ids.addresses),
    ]);
    const vendors = await preloadOptionLabels(
      client,
      'vendorAddresses',
      ids.addresses.filter((id) => !clients.has(id)),
    );
    return importedToRows(lanes, vendors);
  } catch {
    return rough;
  }
}
