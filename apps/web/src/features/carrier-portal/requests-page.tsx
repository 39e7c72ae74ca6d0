import { Badge, Center, Chip, Divider, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_COUNT_CAP } from '@freightdesk/shared/constants';
import { listState } from '../../components/feedback/query-state.tsx';
import type { CarrierRequest, CarrierRequestList, CarrierRequestTab } from '@freightdesk/shared/schemas/bid';
import { ListFooter } from '../../components/data-table/list-footer.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { totalText } from '../../components/data-table/pagination-slots.ts';
import { useListParams, type UseListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import { useRequestEvents } from '../../lib/socket.ts';
import { ViewSwitch } from '../../components/cards/view-switch.tsx';
import { type LiveFilter, matchesLiveFilter } from './auction.ts';
import { AuctionRow } from './auction-row.tsx';
import { CARRIER_REQUESTS_KEY, useCarrierRequests } from './api/carrier-requests.ts';
import { LIVE_PAGE_SIZE, useLiveDesk } from './use-live-desk.ts';

const FILTERS: { value: LiveFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'no-bid', label: 'No bid yet' },
  { value: 'outbid', label: 'Outbid (L2+)' },
  { value: 'leading', label: 'Leading (L1)' },
];

function Rows({ list, outbid }: { list: CarrierRequest[]; outbid: ReadonlySet<number> }) {
  return (
    <Stack gap="sm">
      {list.map((r) => (
        <AuctionRow key={r.id} request={r} outbid={outbid.has(r.id)} />
      ))}
    </Stack>
  );
}

function TabCount({ n, color }: { n: number | undefined; color: string }) {
  return (
    <Badge size="sm" variant="light" color={color}>
      {totalText(n ?? 0, (n ?? 0) >= LIST_COUNT_CAP)}
    </Badge>
  );
}

/** Live and Finished (a select below 768 px), each with its count; a new tab starts on its first page at its own page size, with the same search. */
function RequestTabs(props: { tab: CarrierRequestTab; counts: CarrierRequestList['counts'] | undefined; params: UseListParams }) {
  const { counts, params } = props;
  return (
    <ViewSwitch
      label="Requests"
      value={props.tab}
      options={[
        { value: 'live', label: 'Live', count: counts?.live, badge: <TabCount n={counts?.live} color="green" /> },
        { value: 'finished', label: 'Finished', count: counts?.finished, badge: <TabCount n={counts?.finished} color="gray" /> },
      ]}
      onChange={(v) => params.update({ tab: v === 'finished' ? 'finished' : undefined, pageSize: undefined })}
      mb="md"
    />
  );
}

/** The Live tab's chips (all, no bid yet, outbid, leading), each with how many of the page's rows it keeps. */
function LiveFilters({ rows, filter, onChange }: { rows: CarrierRequest[]; filter: LiveFilter; onChange: (f: LiveFilter) => void }) {
  const count = (f: LiveFilter) => rows.filter((r) => matchesLiveFilter(r, f)).length;
  return (
    <Chip.Group value={filter} onChange={(v) => onChange(v as LiveFilter)}>
      <Group gap={6} role="radiogroup" aria-label="Show">
        {FILTERS.map((f) => (
          <Chip key={f.value} value={f.value} variant="outline" size="sm" color={f.value === 'outbid' ? 'orange' : undefined}>
            {f.label} · {count(f.value)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/**
 * `/carrier/requests`: the carrier's live auction desk. Live (scheduled and open) and Finished
 * tabs, each searched and paged on the server; ranks, lowest prices and bid ends follow the
 * request rooms without a reload. The Live tab's page (up to 100) is filtered by the chips here.
 */
export function CarrierRequestsPage() {
  const [url] = useSearchParams();
  const params = useListParams();
  const tab: CarrierRequestTab = url.get('tab') === 'finished' ? 'finished' : 'live';
  const [filter, setFilter] = useState<LiveFilter>('all');
  const { page, pageSize, search } = params.list;
  // The live desk shows every live request it can on one page, unless the carrier picks a size.
  const liveSize = url.has('pageSize') ? pageSize : LIVE_PAGE_SIZE;
  const desk = useLiveDesk({ search, page: tab === 'live' ? page : 1, pageSize: tab === 'live' ? liveSize : LIVE_PAGE_SIZE });
  const finished = useCarrierRequests({ tab: 'finished', search, page, pageSize }, tab === 'finished');
  const shown = tab === 'finished' ? finished : desk.live;
  const counts = shown.data?.counts ?? desk.live.data?.counts;
  const finishedRows = tab === 'finished' ? (finished.data?.data ?? []) : [];
  useRequestEvents(
    [...new Set([...desk.rows.map((r) => r.id), ...desk.following, ...finishedRows.map((r) => r.id)])],
    [[...CARRIER_REQUESTS_KEY]],
  );
  const shownLive = desk.rows.filter((r) => matchesLiveFilter(r, filter));
  const total = shown.data?.total ?? 0;
  const footerSize = tab === 'live' ? liveSize : pageSize;
  const listed = tab === 'live' ? shownLive : finishedRows;
  const state = listState(shown, listed.length, 'Requests');

  return (
    <Page title="Requests to bid">
      <RequestTabs tab={tab} counts={counts} params={params} />
      <ListToolbar params={params} searchLabel="Search requests" searchPlaceholder="Number, shipper, lane">
        {tab === 'live' && <LiveFilters rows={desk.rows} filter={filter} onChange={setFilter} />}
      </ListToolbar>
      <Stack gap="lg">
        {state.aboveRows}
        {state.inRows ? <Center mih={140}>{state.inRows}</Center> : <Rows list={listed} outbid={desk.outbid} />}
        {tab === 'live' && desk.justFinished.length > 0 && (
          <Stack gap="sm">
            <Divider label="Finished while you watched" labelPosition="left" />
            <Rows list={desk.justFinished} outbid={desk.outbid} />
          </Stack>
        )}
      </Stack>
      {(tab === 'finished' || total > footerSize || page > 1) && (
        <ListFooter
          total={shown.data?.total}
          totalCapped={shown.data?.totalCapped}
          page={page}
          pageSize={footerSize}
          onPageChange={params.table.onPageChange}
          onPageSizeChange={params.table.onPageSizeChange}
        />
      )}
    </Page>
  );
}
