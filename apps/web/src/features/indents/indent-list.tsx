import { Button, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { INDENT_STATUS_LABEL, INDENT_STATUSES, type IndentSummary } from '@freightdesk/shared/schemas/indent';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { IndentTable } from '../../domain/indents/indent-table.tsx';
import { Page } from '../../components/layout/page.tsx';
import { useMasterList } from '../../components/master/use-master.ts';
import { hasPermission } from '../../lib/session.ts';

/** `/indent`: the shipper's indents, newest first; status tabs, plant filter, number or lane search, server pages. */
export function IndentListPage() {
  const params = useListParams(['status', 'plantId']);
  const listQuery = useMasterList<IndentSummary>('indents', params.query);
  return (
    <Page
      title="Indents"
      actions={
        hasPermission('add-indent') && (
          <Button component={Link} to="/indent/new" leftSection={<IconPlus size={16} />}>
            New indent
          </Button>
        )
      }
    >
      <Tabs value={params.list.filters.status ?? 'all'} onChange={(v) => params.update({ status: v === 'all' ? undefined : v })} mb="sm">
        <Tabs.List>
          <Tabs.Tab value="all">All</Tabs.Tab>
          {INDENT_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {INDENT_STATUS_LABEL[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListToolbar params={params} searchLabel="Number or lane" filters={[{ key: 'plantId', label: 'Plant', source: 'plants' }]} />
      <IndentTable query={listQuery} params={params} />
    </Page>
  );
}
