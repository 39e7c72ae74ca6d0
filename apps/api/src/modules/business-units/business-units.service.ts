import { tenantResource } from '../../lib/tenant-resource.ts';
import { businessUnitSpec } from '../../repositories/business-units.repository.ts';

export const businessUnitResource = tenantResource(businessUnitSpec);
