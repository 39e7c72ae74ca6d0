import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { MenuButtonHandlers } from '../../lib/lazy-part.tsx';

/** The Export button's face, the same before and after its menu's code is here. */
export function ExportButton(props: Partial<MenuButtonHandlers> & { 'aria-haspopup'?: 'menu' }) {
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} ml="auto" {...props}>
      Export
    </Button>
  );
}
