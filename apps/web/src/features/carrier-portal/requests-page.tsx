import { Alert, Badge, Center, Chip, Divider, Group, Loader, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMPTY_TABLE_TEXT } from '@freightdesk/shared/constants';
import type { CarrierRequest } from '@freightdesk/shared/schemas/bid';
import { Page } from '../../components/layout/page.tsx';
import { useRequestEvents } from '../../lib/socket.ts';
import { type LiveFilter, matchesLiveFilter, matchesSearch, splitAuctions } from './auction.ts';
import { AuctionRow } from './auction-row.tsx';
import { CARRIER_REQUESTS_KEY, carrierRequestsQuery } from './queries.ts';
import { useOutbidAlerts, useWatchedLive } from './use-outbid-alerts.ts';

const FILTERS: { value: LiveFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'no-bid', label: 'No bid yet' },
  { value: 'outbid', label: 'Outbid (L2+)' },
  { value: 'leading', label: 'Leading (L1)' },
];

function Empty() {
  return (
    <Center mih={140}>
      <Text c="dimmed">{EMPTY_TABLE_TEXT}</Text>
    </Center>
  );
}

function Rows({ list, outbid }: { list: CarrierRequest[]; outbid: ReadonlySet<number> }) {
  return (
    <Stack gap="sm">
      {list.map((r) => (
        <AuctionRow key={r.id} request={r} outbid={outbid.has(r.id)} />
      ))}
    </Stack>
  );
}

/**
 * `/carrier/requests`: the carrier's live auction desk. Live (scheduled and open) and Finished
 * tabs; ranks, lowest prices and bid ends follow the request rooms without a reload.
 */
export function CarrierRequestsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'finished' ? 'finished' : 'live';
  const [filter, setFilter] = useState<LiveFilter>('all');
  const [search, setSearch] = useState('');
  const { data, isLoading, error } = useQuery(carrierRequestsQuery());
  useRequestEvents(
    (data ?? []).map((r) => r.id),
    [[...CARRIER_REQUESTS_KEY]],
  );
  const outbid = useOutbidAlerts(data);
  const watched = useWatchedLive(data);
  const split = useMemo(() => splitAuctions(data ?? [], watched), [data, watched]);
  const searched = (list: CarrierRequest[]) => list.filter((r) => matchesSearch(r, search));
  const live = searched(split.live);
  const shownLive = live.filter((r) => matchesLiveFilter(r, filter));
  const justFinished = searched(split.justFinished);
  const finished = searched(split.finished);
  const count = (f: LiveFilter) => live.filter((r) => matchesLiveFilter(r, f)).length;

  return (
    <Page title="Requests to bid">
      <Tabs value={tab} onChange={(v) => setParams(v === 'finished' ? { tab: 'finished' } : {}, { replace: true })} mb="md">
        <Tabs.List>
          <Tabs.Tab
            value="live"
            rightSection={
              <Badge size="sm" variant="light" color="green">
                {split.live.length}
              </Badge>
            }
          >
            Live
          </Tabs.Tab>
          <Tabs.Tab
            value="finished"
            rightSection={
              <Badge size="sm" variant="light" color="gray">
                {split.finished.length}
              </Badge>
            }
          >
            Finished
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group mb="md" gap="sm" align="center" wrap="wrap">
        <TextInput
          aria-label="Search requests"
          placeholder="Number, shipper, lane, vehicle…"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
        />
        {tab === 'live' && (
          <Chip.Group value={filter} onChange={(v) => setFilter(v as LiveFilter)}>
            <Group gap={6} role="radiogroup" aria-label="Show">
              {FILTERS.map((f) => (
                <Chip key={f.value} value={f.value} variant="outline" size="sm" color={f.value === 'outbid' ? 'orange' : undefined}>
                  {f.label} · {count(f.value)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
      </Group>
      {error && (
        <Alert color="red" mb="md" role="alert">
          {error.message}
        </Alert>
      )}
      {isLoading && (
        <Center mih={140}>
          <Loader size="sm" />
        </Center>
      )}
      {!isLoading && tab === 'live' && (
        <Stack gap="lg">
          {shownLive.length === 0 ? <Empty /> : <Rows list={shownLive} outbid={outbid} />}
          {justFinished.length > 0 && (
            <Stack gap="sm">
              <Divider label="Finished while you watched" labelPosition="left" />
              <Rows list={justFinished} outbid={outbid} />
            </Stack>
          )}
        </Stack>
      )}
      {!isLoading && tab === 'finished' && (finished.length === 0 ? <Empty /> : <Rows list={finished} outbid={outbid} />)}
    </Page>
  );
}
