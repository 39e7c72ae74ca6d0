import { tenantResource } from '../../lib/tenant-resource.ts';
import { packageSpec, productSpec, vehicleTypeSpec } from '../../repositories/settings-catalogue.repository.ts';
import { bidVisibilitySpec, paymentSettingSpec } from '../../repositories/settings-terms.repository.ts';

export const productResource = tenantResource(productSpec);
export const packageResource = tenantResource(packageSpec);
/** The shipper's own vehicle types; the global catalogue is read through the options call. */
export const vehicleTypeResource = tenantResource(vehicleTypeSpec);
export const bidVisibilityResource = tenantResource(bidVisibilitySpec);
export const paymentSettingResource = tenantResource(paymentSettingSpec);
