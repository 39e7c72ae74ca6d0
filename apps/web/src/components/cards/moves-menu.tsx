import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { CardMove } from './card-moves.ts';
import { moreMovesButton, TOUCH } from './row-card.tsx';

/**
 * The card's ⋯ menu of the moves after the first (its floating code loads once the page has
 * settled, record 0322); `opened` when the ⋯ was tapped before it was here.
 */
export function MovesMenu({ moves, of, opened }: { moves: CardMove[]; of: string; opened: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={opened}>
      <Menu.Target>
        <ActionIcon {...moreMovesButton(of)}>
          <IconDots size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {moves.map((m) => (
          <Menu.Item key={m.key} onClick={m.onClick} color={m.danger ? 'red' : undefined} mih={TOUCH} aria-label={m.ariaLabel}>
            {m.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
