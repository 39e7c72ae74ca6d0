import { Alert, Group, Loader, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState } from 'react';
import type { GateBoard, GateBoardRow, GateState } from '@freightdesk/shared/schemas/gate-board';
import { todayInIndia } from '../../components/form/date-time.ts';
import { DeferredField } from '../../components/form/field-outline.tsx';
import { formatDate } from '../../lib/format.ts';
import { LanguageSwitch } from '../../components/layout/language-switch.tsx';
import { Page } from '../../components/layout/page.tsx';
import { KeptMoves } from '../../domain/outbox/kept-moves.tsx';
import { useKeptMoves } from '../../lib/outbox.ts';
import { usePlantEvents } from '../../lib/socket.ts';
import { GateCard } from './gate-card.tsx';
import { GateCounts } from './gate-counts.tsx';
import { type Dir, type GateAction, outboxScope } from './gate-helpers.ts';
import { type GateWords, useGateText } from './gate-words.ts';
import { keptCounts, keptRows, type ShownRow } from './kept-board.ts';
import { GATE_BOARD_KEY, refreshAfterMove, useGateBoard } from './api/gate-board.ts';
import { GATE_PARTS, GateInDialog, GateOutDialog, OtherDays, WeighDialog } from './gate-parts.ts';
import { lazyPart, usePreloadParts } from '../../lib/lazy-part.tsx';

// The plant's select and the day's picker float: their code comes when the guard taps them (record 0322).
const PlantField = lazyPart(() => import('./gate-filter-fields.tsx').then((m) => m.PlantField));
const DayField = lazyPart(() => import('./gate-filter-fields.tsx').then((m) => m.DayField));

/** A search this long also looks beyond the day (the server's minimum). */
const OTHER_DAYS_MIN = 2;

/** Why the board is empty: nothing at the plant that day, or nothing the filter and search keep. */
function emptyText(t: GateWords, plant: string, day: string, filtered: boolean, searched: boolean): string {
  const today = day === todayInIndia();
  if (searched) {
    return t('empty.searched', { day: today ? t('empty.today') : formatDate(day) });
  }
  if (filtered) {
    return t('empty.filtered');
  }
  return t('empty.none', { plant, when: today ? t('empty.today') : t('empty.onDay', { day: formatDate(day) }) });
}

/** The board's plant, day and the guard's search box. */
function GateFilters(p: {
  plantId: number | undefined;
  /** The plant's name as the board last told it (the field's text until its select is here). */
  plantName: string | undefined;
  day: string | undefined;
  search: string;
  fetching: boolean;
  onPlant: (id: number | undefined) => void;
  onDay: (day: string | undefined) => void;
  onSearch: (text: string) => void;
}) {
  const { t } = useGateText();
  return (
    <Group align="flex-end" mb="md" wrap="wrap">
      <DeferredField kind="select" label={t('filters.plant')} value={p.plantName} miw={240} size="md">
        {(fallback, opened) => <PlantField value={p.plantId} onChange={p.onPlant} opened={opened} fallback={fallback} />}
      </DeferredField>
      <DeferredField kind="picker" label={t('filters.day')} value={p.day} miw={160} size="md">
        {(fallback, opened) => <DayField value={p.day} onChange={p.onDay} opened={opened} fallback={fallback} />}
      </DeferredField>
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={p.search}
        onChange={(e) => p.onSearch(e.currentTarget.value)}
        size="md"
        style={{ flex: 1 }}
        miw={220}
        rightSection={p.fetching ? <Loader size={14} /> : undefined}
      />
    </Group>
  );
}

/** Why the board is not showing: no network (moves are kept meanwhile), or the server's error. */
function BoardTrouble({ error, paused }: { error: Error | null; paused: boolean }) {
  const { t } = useGateText();
  if (!error && !paused) {
    return null;
  }
  return (
    <Alert color={paused ? 'orange' : 'red'} role="alert" mb="md">
      {paused ? t('trouble.noNetwork') : error?.message}
    </Alert>
  );
}

/** The dialog of the move the guard tapped. */
function MoveDialog({ dir, row, action, onClose }: { dir: Dir; row: GateBoardRow; action: GateAction; onClose: () => void }) {
  if (action === 'gateIn') {
    return <GateInDialog dir={dir} row={row} onClose={onClose} />;
  }
  return action === 'gateOut' ? (
    <GateOutDialog dir={dir} row={row} onClose={onClose} />
  ) : (
    <WeighDialog dir={dir} row={row} onClose={onClose} />
  );
}

/** The guard's moves kept on this tablet without network; the board refreshes as each lands. */
function GateKeptMoves({ dir }: { dir: Dir }) {
  const client = useQueryClient();
  const landed = useCallback(() => refreshAfterMove(client), [client]);
  return <KeptMoves scope={outboxScope(dir)} onSent={landed} />;
}

type Moving = { row: GateBoardRow; action: GateAction };

/** One card of the board, drawn again only when its row changes (the page redraws on each key of a search). */
const BoardCard = memo(function BoardCard(p: { dir: Dir; plantName: string; row: ShownRow; onMove: (moving: Moving) => void }) {
  const { row, onMove } = p;
  return (
    <div className="fd-card">
      <GateCard dir={p.dir} plantName={p.plantName} row={row} onAction={(action) => onMove({ row, action })} />
    </div>
  );
});

/** The day's counts and cards (or why there are none), and with a search the vehicles due on other days. */
const GateBoardBody = memo(function GateBoardBody(p: {
  dir: Dir;
  data: GateBoard;
  state: GateState | undefined;
  search: string;
  onState: (state: GateState | undefined) => void;
  onMove: (moving: Moving) => void;
}) {
  const { dir, data, state, search } = p;
  const { t } = useGateText();
  const kept = useKeptMoves(outboxScope(dir));
  const rows = useMemo(() => keptRows(data.rows, kept, dir), [data.rows, kept, dir]);
  usePreloadParts(...GATE_PARTS);
  return (
    <>
      <GateCounts counts={keptCounts(data.counts, rows)} selected={state} onSelect={p.onState} />
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" role="status">
          {emptyText(t, data.plant.name, data.day, Boolean(state || search), search.length >= OTHER_DAYS_MIN)}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="md">
          {rows.map((row) => (
            <BoardCard key={row.orderId} dir={dir} plantName={data.plant.name} row={row} onMove={p.onMove} />
          ))}
        </SimpleGrid>
      )}
      {search.length >= OTHER_DAYS_MIN && (
        <OtherDays
          key={`${data.plant.id}:${data.day}:${search}`}
          dir={dir}
          plant={data.plant}
          day={data.day}
          search={search}
          onAction={(row, action) => p.onMove({ row, action })}
        />
      )}
    </>
  );
});

/**
 * `/gate-in-out/{inbound|outbound}`: the guard's board of one plant and one day, for a tablet.
 * Counts per state filter the cards; each card offers its one next gate move. A search also lists
 * the vehicles due on later days (a truck arriving early), each with its day. Moves made anywhere
 * (a carrier reporting, another guard) refresh the board live through the plant's room.
 */
export function GatePage({ dir }: { dir: Dir }) {
  const [plantId, setPlantId] = useState<number | undefined>();
  const [day, setDay] = useState<string | undefined>();
  const [state, setState] = useState<GateState | undefined>();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [moving, setMoving] = useState<Moving | null>(null);
  const board = useGateBoard(dir, { plantId, day, state, search: debounced || undefined });
  const data = board.data;
  usePlantEvents(data?.plant.id, [[...GATE_BOARD_KEY]]);
  const close = () => setMoving(null);
  const { t } = useGateText();
  return (
    <Page title={t('title', { dir: t(`dir.${dir}`) })} actions={<LanguageSwitch />}>
      <GateKeptMoves dir={dir} />
      <GateFilters
        plantId={plantId ?? data?.plant.id}
        plantName={data?.plant.name}
        day={day ?? data?.day}
        search={search}
        fetching={board.isFetching}
        onPlant={setPlantId}
        onDay={setDay}
        onSearch={setSearch}
      />
      <BoardTrouble error={board.error} paused={board.fetchStatus === 'paused'} />
      {data && <GateBoardBody dir={dir} data={data} state={state} search={debounced} onState={setState} onMove={setMoving} />}
      {!data && board.isPending && <Loader m="xl" />}
      {moving && <MoveDialog dir={dir} row={moving.row} action={moving.action} onClose={close} />}
    </Page>
  );
}
