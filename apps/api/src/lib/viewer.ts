import { PERMISSIONS, type Permission, isPermission } from '@freightdesk/shared/permissions';
import type { ApiScope } from '@freightdesk/shared/api-scopes';
import type { UserType } from '@freightdesk/shared/user-types';

export type AuthUser = {
  id: number;
  sessionId: number;
  userType: UserType;
  name: string;
  email: string;
  mobile: string | null;
  profilePicture: string | null;
  industryId: number | null;
  industryName: string | null;
  carrierId: number | null;
  roleName: string | null;
  permissions: Permission[];
  /** Staff (type 4) assignments; empty means every plant / business unit of the shipper. */
  plantIds: number[];
  businessUnitIds: number[];
  /** Set when the caller is an API key (issue 34): the key, and the scopes that bound what it may call. */
  apiKey?: { id: number; scopes: readonly ApiScope[] };
};

/** The permissions a user holds: a shipper owner holds every one, staff their role's. */
export function permissionsFor(userType: number, rolePermissions: string[] | null, roleActive: boolean): Permission[] {
  if (userType === 3) {
    return [...PERMISSIONS];
  }
  if (userType === 4 && rolePermissions && roleActive) {
    return rolePermissions.filter(isPermission);
  }
  return [];
}

/** The columns that make a user a viewer: who, which company, which permissions and plants. */
export type ViewerRow = {
  id: number;
  userType: number;
  name: string;
  email: string;
  mobile: string | null;
  profilePicture: string | null;
  industryId: number | null;
  industryName: string | null;
  carrierId: number | null;
  roleName: string | null;
  rolePermissions: string[] | null;
  roleStatus: string | null;
  plantIds: number[] | null;
  businessUnitIds: number[] | null;
};

export function toViewer(row: ViewerRow, sessionId: number): AuthUser {
  return {
    id: row.id,
    sessionId,
    userType: row.userType as UserType,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    profilePicture: row.profilePicture,
    industryId: row.industryId,
    industryName: row.industryName,
    carrierId: row.carrierId,
    roleName: row.roleName,
    permissions: permissionsFor(row.userType, row.rolePermissions, row.roleStatus === 'active'),
    plantIds: row.userType === 4 ? (row.plantIds ?? []) : [],
    businessUnitIds: row.userType === 4 ? (row.businessUnitIds ?? []) : [],
  };
}
