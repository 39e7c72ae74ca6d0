/** User types of product.md section 1. */
export const USER_TYPE = {
  admin: 1,
  carrier: 2,
  owner: 3,
  staff: 4,
} as const;

/** A user's type (its schema, `userTypeSchema`, is in schemas/auth.ts: this module stays free of zod for the signed-in frame, record 0310). */
export type UserType = 1 | 2 | 3 | 4;

export const USER_TYPE_NAMES: Record<UserType, string> = {
  1: 'Admin',
  2: 'Transporter',
  3: 'Industry',
  4: 'Staff',
};

/** Types that register a device token for push (spec 6, plus carriers per product.md). */
export const PUSH_USER_TYPES: readonly UserType[] = [1, 2, 3, 4];

export function isShipperType(type: number): boolean {
  return type === USER_TYPE.owner || type === USER_TYPE.staff;
}
