import { tenantResource } from '../../lib/tenant-resource.ts';
import { roleSpec } from '../../repositories/roles.repository.ts';

/** Roles: a permission set for staff. A change applies to the staff's next request. */
export const roleResource = tenantResource(roleSpec);
