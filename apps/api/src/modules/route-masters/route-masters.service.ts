import { tenantResource } from '../../lib/tenant-resource.ts';
import { routeMasterSpec } from '../../repositories/route-masters.repository.ts';

export const routeMasterResource = tenantResource(routeMasterSpec);
