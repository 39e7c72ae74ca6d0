import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** A folded menu item's title beside it on hover and focus (loaded after the page's first draw, record 0322). */
export function FoldedTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} position="right">
      {children}
    </Tooltip>
  );
}
