import { tenantResource } from '../../lib/tenant-resource.ts';
import { stopSpec } from '../../repositories/stops.repository.ts';

export const stopResource = tenantResource(stopSpec);
