import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Carrier } from '@freightdesk/shared/schemas/carrier';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { api } from '../../../lib/api.ts';

/** `GET /api/carriers?groupId=` [list-industry-transporter]: one page (100, by name) of a group's carriers. */
export const getGroupMembers = (groupId: number, page: number) =>
  api.get<ListResponse<Carrier>>('/carriers', { groupId, page, pageSize: 100, sort: 'name' });

export const groupMembersQueryOptions = (groupId: number, page: number) =>
  queryOptions({
    queryKey: ['carriers', 'list', { groupId, page, pageSize: 100 }],
    queryFn: () => getGroupMembers(groupId, page),
    placeholderData: keepPreviousData,
  });

/** The carriers of one group, from the carrier list's group filter (a group may hold any number). */
export const useGroupMembers = (groupId: number, page: number) => useQuery(groupMembersQueryOptions(groupId, page));
