import { Box, Center, Paper, Progress, Skeleton, Stack } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { useNarrow } from '../layout/use-narrow.ts';

export type CardListProps<T> = {
  /** The rows of the current page (the server paginates, as for the table). */
  rows: T[];
  getRowId: (row: T) => string | number;
  /** One row as a card (components/cards/row-card.tsx). */
  renderCard: (row: T) => ReactNode;
  /** The list's accessible name, e.g. 'My orders'. */
  label: string;
  /** What stands in for cards when there are none (loader, error, 'No Available Data'). */
  empty?: ReactNode;
  /** A call is under way: a bar above the cards. */
  busy?: boolean;
  /** The first rows are being asked for: placeholder cards hold the list's size (record 0310). */
  loading?: boolean;
};

/**
 * Placeholder cards while a list's first rows load: as many as fill a phone's screen, each about a
 * card's height, so what is under the list (the pages) is below the fold before the cards come and
 * nothing on screen moves when they do (CLS).
 */
const SKELETON_CARDS = 4;
const SKELETON_CARD_HEIGHT = 240;

function SkeletonCards({ label }: { label: string }) {
  return (
    <Stack gap="sm" mb="sm" role="status" aria-label={`Loading ${label.toLowerCase()}`}>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place.
        <Paper key={i} withBorder p="sm" h={SKELETON_CARD_HEIGHT}>
          <Skeleton height={18} width="45%" radius="sm" mb="md" />
          <Skeleton height={14} radius="sm" mb="sm" />
          <Skeleton height={14} width="70%" radius="sm" mb="sm" />
          <Skeleton height={14} width="85%" radius="sm" />
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * One card, drawn again only when its row or the page's way of drawing cards changes: a list drawn
 * again for its busy bar, a count or a kept answer's refresh leaves the cards that did not change
 * alone (a phone's first seconds, issue 35). A page keeps `renderCard` stable (useCallback) to gain.
 */
const CardItem = memo(function CardItem({ row, render }: { row: unknown; render: (row: unknown) => ReactNode }) {
  return render(row);
});

/** The page's rows as a list of cards, one under the other. */
export function CardList<T>({ rows, getRowId, renderCard, label, empty, busy = false, loading = false }: CardListProps<T>) {
  if (rows.length === 0 && loading) {
    return <SkeletonCards label={label} />;
  }
  return (
    <Box pos="relative" mb="sm">
      {busy && rows.length > 0 && (
        <Progress value={100} animated size="xs" pos="absolute" top={-6} left={0} right={0} aria-label="Loading" />
      )}
      {rows.length === 0 ? (
        <Center mih={140}>{empty}</Center>
      ) : (
        <Box
          component="ul"
          aria-label={label}
          aria-busy={busy}
          m={0}
          p={0}
          style={{ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}
        >
          {rows.map((row) => (
            <li key={getRowId(row)} className="fd-card">
              <CardItem row={row} render={renderCard as (row: unknown) => ReactNode} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * One list, two shapes (record 0296): `table` at 768 px and wider, the rows as cards below. Paging,
 * search and filters stay the page's own, on the server, for both.
 */
export function ResponsiveList<T>({ table, ...cards }: CardListProps<T> & { table: ReactNode }) {
  return useNarrow() ? <CardList {...cards} /> : table;
}
