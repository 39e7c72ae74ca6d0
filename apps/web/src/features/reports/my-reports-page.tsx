import { Divider, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page.tsx';
import { ExportList } from './export-list.tsx';
import { OrderRegisterCard } from './order-register-card.tsx';
import { useReportCatalog } from './api/get-reports.ts';
import { SummaryReports } from './summary-reports.tsx';

/**
 * `/my-reports`: two tabs over the user's recent exports (their progress and downloads, issue 12).
 * The order register is the detailed export of every order; the summary reports (spend, bid
 * summary, scorecards …) read on screen with totals and export too. A `report` in the URL opens
 * the summaries with their filters (`/my-reports?report=spend&groupBy=month&from=2026-09-01`), so
 * the dashboard can link to one; the summaries' tab shows only when the user may read one.
 */
export function MyReportsPage() {
  const [search, setSearch] = useSearchParams();
  const catalog = useReportCatalog();
  const first = catalog.data?.[0]?.name;
  const tab = search.has('report') ? 'summaries' : 'register';
  const open = (value: string | null) => {
    if (value === 'register') {
      setSearch(new URLSearchParams());
    } else if (value === 'summaries' && first) {
      setSearch(new URLSearchParams({ report: first }));
    }
  };
  return (
    <Page title="Reports">
      <Tabs value={tab} onChange={open} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="register">Order register</Tabs.Tab>
          {(first || tab === 'summaries') && <Tabs.Tab value="summaries">Summary reports</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="register">
          <OrderRegisterCard />
        </Tabs.Panel>
        <Tabs.Panel value="summaries">
          <SummaryReports />
        </Tabs.Panel>
      </Tabs>
      <Divider my="lg" />
      <ExportList />
    </Page>
  );
}
