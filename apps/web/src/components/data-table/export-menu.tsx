import { Menu } from '@mantine/core';
import { ExportButton } from './export-button.tsx';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../feedback/feedback.tsx';

/**
 * The Export button of a list or a view: CSV or Excel from the API's `…/export` path (`format`
 * added to `query`), saved as `name.csv` / `name.xlsx`. The one export control of the app.
 */
export function ExportMenu({
  path,
  query = {},
  name,
  opened = false,
}: {
  path: string;
  query?: Record<string, unknown>;
  name: string;
  /** Open at once: the button was tapped before the menu's code was here (DeferredMenu). */
  opened?: boolean;
}) {
  const download = (format: 'csv' | 'xlsx') => {
    downloadFile(path, { ...query, format }, `${name}.${format}`).catch(() => toast('The export could not be downloaded.', 'error'));
  };
  return (
    <Menu position="bottom-end" defaultOpened={opened}>
      <Menu.Target>
        <ExportButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => download('csv')}>CSV</Menu.Item>
        <Menu.Item onClick={() => download('xlsx')}>Excel (XLSX)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
