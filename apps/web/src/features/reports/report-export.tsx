import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconFileExport } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ReportCatalogEntry } from '@freightdesk/shared/schemas/report';
import { toast } from '../../components/feedback/feedback.tsx';
import { useStartExport } from './api/exports.ts';
import { problemLines } from './report-words.ts';

type Format = 'csv' | 'xlsx';

/**
 * The export of the report on screen: the same filters, every row, as a background job (the
 * export list below follows it), like the order register's. A refusal is kept until the report or
 * its filters change.
 */
export function useReportExport(entry: ReportCatalogEntry, filters: Record<string, string | number>) {
  const start = useStartExport();
  const [asked, setAsked] = useState<Format | null>(null);
  const [problem, setProblem] = useState<string[] | null>(null);
  const shown = `${entry.name} ${JSON.stringify(filters)}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` stands for the report and its filters
  useEffect(() => setProblem(null), [shown]);

  const run = (format: Format) => {
    setAsked(format);
    setProblem(null);
    start.mutate(
      { report: entry.name, format, params: filters },
      {
        onSuccess: () => toast(`${entry.label} export started. You will be notified when the file is ready.`),
        onError: (err) => setProblem(problemLines(err, entry.dateLabel)),
      },
    );
  };
  return { run, pending: start.isPending ? asked : null, problem, dismiss: () => setProblem(null) };
}

/** Export CSV and Export XLSX; the one asked for spins while the server takes it. */
export function ReportExportButtons({ run, pending }: Pick<ReturnType<typeof useReportExport>, 'run' | 'pending'>) {
  return (
    <Group gap="xs">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconFileExport size={16} />}
          loading={pending === format}
          disabled={pending !== null && pending !== format}
          onClick={() => run(format)}
        >
          Export {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

/** Why the server refused the export, filter by filter. */
export function ReportExportProblem({ problem, dismiss }: Pick<ReturnType<typeof useReportExport>, 'problem' | 'dismiss'>) {
  if (!problem) {
    return null;
  }
  return (
    <Alert
      color="red"
      role="alert"
      title="Could not start the export"
      icon={<IconAlertCircle size={18} />}
      withCloseButton
      onClose={dismiss}
    >
      {problem.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Alert>
  );
}
