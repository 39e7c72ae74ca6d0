import { ActionIcon, Box, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeferredMenu, lazyPart } from '../../lib/lazy-part.tsx';
import { type CardMove, splitMoves } from './card-moves.ts';

/** The height of every control on a card: a thumb's target (WCAG 2.5.5, 44 px). */
export const TOUCH = 44;

/** One labelled fact of a card ("Pickup", "12-Dec 10:00"); the value may be any element. */
export type CardFact = { label: string; value: ReactNode /** Across both columns (a lane, a long name). */; wide?: boolean };

/** The card's facts, two to a line: a label over its value. */
function Facts({ facts }: { facts: CardFact[] }) {
  return (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing={6} component="dl" m={0}>
      {facts.map((f) => (
        <Box key={f.label} style={f.wide ? { gridColumn: '1 / -1' } : undefined} miw={0}>
          <Text component="dt" size="xs" c="dimmed">
            {f.label}
          </Text>
          <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {f.value}
          </Box>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** The ⋯ button's look and name, the same before and after its menu's code is here. */
export const moreMovesButton = (of: string) => ({ variant: 'default', size: TOUCH, 'aria-label': `More moves on ${of}` }) as const;

const MovesMenu = lazyPart(() => import('./moves-menu.tsx').then((m) => m.MovesMenu));

/**
 * The moves after the first, behind a ⋯ button as big as a thumb. Until the page has settled the
 * button is drawn without its menu; a tap then brings the menu open (record 0322).
 */
function MoreMoves({ moves, of }: { moves: CardMove[]; of: string }) {
  if (moves.length === 0) {
    return null;
  }
  return (
    <DeferredMenu
      part={MovesMenu}
      props={{ moves, of }}
      button={(handlers) => (
        <ActionIcon {...moreMovesButton(of)} aria-haspopup="menu" {...handlers}>
          <IconDots size={20} />
        </ActionIcon>
      )}
    />
  );
}

/** The next move as a full-width button, the other moves in a menu beside it. */
function Moves({ moves, of }: { moves: CardMove[]; of: string }) {
  const { next, more } = splitMoves(moves);
  if (!next) {
    return null;
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        onClick={next.onClick}
        h={TOUCH}
        style={{ flex: 1 }}
        color={next.danger ? 'red' : undefined}
        variant={next.danger ? 'light' : 'filled'}
        aria-label={next.ariaLabel}
      >
        {next.label}
      </Button>
      <MoreMoves moves={more} of={of} />
    </Group>
  );
}

export type RowCardProps = {
  /** What the card is called to a screen reader and in the ⋯ menu's name ("Order ORD-12"). */
  name: string;
  /** The top line's left: the number (a link, or bold text). */
  title: ReactNode;
  /** The top line's right: the status badge(s). */
  badges?: ReactNode;
  facts: CardFact[];
  /** The row's moves; the first forward one is the card's full-width button. */
  moves?: CardMove[];
  /** Anything under the moves (a Details fold). */
  children?: ReactNode;
  /** Data attributes for a journey to find the card by, e.g. `{ 'data-order-number': 'ORD-1' }`. */
  data?: Record<`data-${string}`, string>;
};

/**
 * A list row as a card below 768 px (record 0296): the number and status on top, the facts that
 * matter two to a line, and the row's next move as a full-width button 44 px high.
 */
export function RowCard(props: RowCardProps) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={props.name} {...props.data}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Box miw={0}>{props.title}</Box>
          {props.badges && (
            <Group gap={4} justify="flex-end">
              {props.badges}
            </Group>
          )}
        </Group>
        <Facts facts={props.facts} />
        <Moves moves={props.moves ?? []} of={props.name} />
        {props.children}
      </Stack>
    </Paper>
  );
}
