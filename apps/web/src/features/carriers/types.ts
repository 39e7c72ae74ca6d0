export type CarrierGroup = {
  id: number;
  name: string;
  status: 'active' | 'inactive';
  carrierLinkIds: number[];
  memberCount: number;
  createdAt: string;
  updatedAt: string;
};
