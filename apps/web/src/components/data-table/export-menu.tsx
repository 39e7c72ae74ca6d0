import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../feedback/feedback.tsx';

/**
 * The Export button of a list or a view: CSV or Excel from the API's `…/export` path (`format`
 * added to `query`), saved as `name.csv` / `name.xlsx`. The one export control of the app.
 */
export function ExportMenu({ path, query = {}, name }: { path: string; query?: Record<string, unknown>; name: string }) {
  const download = (format: 'csv' | 'xlsx') => {
    downloadFile(path, { ...query, format }, `${name}.${format}`).catch(() => toast('The export could not be downloaded.', 'error'));
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} ml="auto">
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => download('csv')}>CSV</Menu.Item>
        <Menu.Item onClick={() => download('xlsx')}>Excel (XLSX)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
