import { ActionIcon, Button, Group, Paper } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeferredMenu, lazyPart } from '../../lib/lazy-part.tsx';
import { type CardMove, splitMoves } from './card-moves.ts';

/** The height of every control on a card: a thumb's target (WCAG 2.5.5, 44 px). */
export const TOUCH = 44;

/** One labelled fact of a card ("Pickup", "12-Dec 10:00"); the value may be any element. */
export type CardFact = { label: string; value: ReactNode /** Across both columns (a lane, a long name). */; wide?: boolean };

/**
 * The card's facts, two to a line: a label over its value. Plain elements styled by global.css's
 * `.fd-facts`, not Mantine's grid and texts: a page of 25 cards drew about 600 of those components,
 * and each SimpleGrid put a `<style>` element of its own into the page (issue 35).
 */
function Facts({ facts }: { facts: CardFact[] }) {
  return (
    <dl className="fd-facts">
      {facts.map((f) => (
        <div key={f.label} className={f.wide ? 'fd-fact-wide' : undefined}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
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
 * matter two to a line, and the row's next move as a full-width button 44 px high. Its frame is
 * plain elements styled by global.css (`.fd-card-*`): a page draws 25 of them (issue 35).
 */
export function RowCard(props: RowCardProps) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={props.name} {...props.data}>
      <div className="fd-card-body">
        <div className="fd-card-head">
          <div className="fd-card-title">{props.title}</div>
          {props.badges && <div className="fd-card-badges">{props.badges}</div>}
        </div>
        <Facts facts={props.facts} />
        <Moves moves={props.moves ?? []} of={props.name} />
        {props.children}
      </div>
    </Paper>
  );
}
