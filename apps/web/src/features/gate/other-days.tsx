import { Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@freightdesk/shared/constants';
import type { GateBoardRow, GateOtherDaysQuery } from '@freightdesk/shared/schemas/gate-board';
import { ListFooter } from '../../components/data-table/list-footer.tsx';
import { todayInIndia } from '../../components/form/date-time.ts';
import { GateCard } from './gate-card.tsx';
import { useKeptMoves } from '../../lib/outbox.ts';
import { type Dir, dueDay, type GateAction, outboxScope } from './gate-helpers.ts';
import { useGateText } from './gate-words.ts';
import { keptRows } from './kept-board.ts';
import { useGateOtherDays } from './api/gate-board.ts';

type Props = {
  dir: Dir;
  plant: { id: number; name: string };
  /** The board's day: vehicles due after it are searched. */
  day: string;
  search: string;
  onAction: (row: GateBoardRow, action: GateAction) => void;
};

/** The pages of the vehicles found, when more than one. */
function Pages(p: {
  total: number;
  page: number;
  pageSize: GateOtherDaysQuery['pageSize'];
  onPage: (page: number) => void;
  onPageSize: (size: GateOtherDaysQuery['pageSize']) => void;
}) {
  return (
    <ListFooter
      total={p.total}
      page={p.page}
      pageSize={p.pageSize}
      onPageChange={p.onPage}
      onPageSizeChange={(size) => {
        if (size === 25 || size === 50 || size === 100) {
          p.onPageSize(size);
          p.onPage(1);
        }
      }}
    />
  );
}

/**
 * Under the day's board while the guard searches (issue 38): the plant's vehicles due on a later
 * day that match, from the server page by page, each card saying when it is due. A truck that
 * arrives days early is found by its number and can be let in. Keyed by the search in the page,
 * so a new search starts at its first page.
 */
export function OtherDays({ dir, plant, day, search, onAction }: Props) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<GateOtherDaysQuery['pageSize']>(DEFAULT_PAGE_SIZE);
  const found = useGateOtherDays(dir, { plantId: plant.id, day, search, page, pageSize });
  const { t } = useGateText();
  const rows = keptRows(found.data?.data ?? [], useKeptMoves(outboxScope(dir)), dir);
  const today = todayInIndia();
  const total = found.data?.total ?? 0;
  const due = (row: { day: string }) => {
    const when = dueDay(row.day, today);
    return t('card.due', { when: t(when.when, { count: when.count }), day: when.day });
  };
  return (
    <section aria-label={t('otherDays.title')}>
      <Title order={2} size="h4" mt="xl">
        {t('otherDays.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('otherDays.intro', { plant: plant.name, day, search })}
      </Text>
      {found.error && (
        <Text c="red" role="alert">
          {found.error.message}
        </Text>
      )}
      {!found.data && found.isPending && <Loader size="sm" />}
      {found.data && total === 0 && (
        <Text c="dimmed" role="status">
          {t('otherDays.none')}
        </Text>
      )}
      {found.data && total > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {rows.map((row) => (
            <GateCard
              key={row.orderId}
              dir={dir}
              plantName={plant.name}
              row={row}
              due={due(row)}
              onAction={(action) => onAction(row, action)}
            />
          ))}
        </SimpleGrid>
      )}
      {total > pageSize && <Pages total={total} page={page} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />}
    </section>
  );
}
