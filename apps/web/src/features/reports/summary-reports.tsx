import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { ReportCatalogEntry } from '@freightdesk/shared/schemas/report';
import { ReportExportButtons, ReportExportProblem, useReportExport } from './report-export.tsx';
import { GroupByControl, ReportFilters, ReportPicker } from './report-filters.tsx';
import { useReportCatalog, useReportPage } from './api/get-reports.ts';
import { ReportTable } from './report-table.tsx';
import { emptyText, problemLines } from './report-words.ts';
import { useReportParams } from './use-report-params.ts';

/**
 * The summary reports on screen (spend, bid summary, scorecards …): pick one from the catalog,
 * filter it, read its rows and totals a page at a time, and export it. Every report is drawn from
 * the columns the server names, so a new one on the server needs nothing here.
 */
export function SummaryReports() {
  const catalog = useReportCatalog();
  const state = useReportParams(catalog.data);

  if (catalog.isPending) {
    return <Loader size="sm" aria-label="Loading the reports" />;
  }
  if (catalog.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the reports" icon={<IconAlertCircle size={18} />}>
        {problemLines(catalog.error, 'Date').join(' ')}
      </Alert>
    );
  }
  if (!state.entry) {
    return (
      <Text c="dimmed" size="sm">
        No summary reports are open to you. Ask your administrator for the order list permission.
      </Text>
    );
  }
  return <ReportView catalog={catalog.data} entry={state.entry} state={state} />;
}

function ReportView({
  catalog,
  entry,
  state,
}: {
  catalog: ReportCatalogEntry[];
  entry: ReportCatalogEntry;
  state: ReturnType<typeof useReportParams>;
}) {
  const { params } = state;
  const page = useReportPage(entry.name, state.query);
  const exporting = useReportExport(entry, state.filters);
  return (
    <Stack gap="sm">
      {state.unknownReport && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} py="xs">
          The report “{state.unknownReport}” is not open to you; showing {entry.label}.
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group align="flex-end" gap="lg">
          <ReportPicker catalog={catalog} entry={entry} onChange={state.setReport} />
          <GroupByControl entry={entry} groupBy={state.groupBy} onChange={state.setGroupBy} />
        </Group>
        <ReportExportButtons run={exporting.run} pending={exporting.pending} />
      </Group>
      <ReportExportProblem problem={exporting.problem} dismiss={exporting.dismiss} />
      <Text size="sm" c="dimmed" maw={900}>
        {entry.description}
      </Text>
      <ReportFilters params={params} entry={entry} />
      <ReportTable
        label={entry.label}
        columns={entry.columns}
        page={page.data}
        loading={page.isFetching}
        error={page.isError ? problemLines(page.error, entry.dateLabel) : null}
        emptyText={emptyText(entry, state.filters)}
        pageNumber={params.list.page}
        pageSize={params.list.pageSize}
        onPageChange={params.table.onPageChange}
        onPageSizeChange={params.table.onPageSizeChange}
      />
    </Stack>
  );
}
