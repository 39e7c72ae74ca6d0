import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/layout/page.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDashboardDetail } from './api/get-dashboard-detail.ts';

/** Card id → title and the list that holds its records. */
export const DASHBOARD_DETAIL: Record<string, { title: string; list: string }> = {
  plants: { title: 'Active plants by state', list: '/plant' },
  carriers: { title: 'Carriers by status', list: '/industry-transporter' },
  clients: { title: 'Clients by city', list: '/client' },
  vendors: { title: 'Vendors by city', list: '/vendor' },
  staff: { title: 'Active staff by role', list: '/staff' },
  routes: { title: 'Route masters by origin', list: '/route' },
  devices: { title: 'Devices by state', list: '/devices' },
};

/** `/extend_dashboard/:id`: one dashboard card broken down. */
export function ExtendDashboardPage() {
  const id = useParams().id ?? '';
  const detail = DASHBOARD_DETAIL[id];
  const { data, error } = useDashboardDetail(id, Boolean(detail));
  const max = Math.max(1, ...(data ?? []).map((r) => r.count));
  return (
    <Page
      title={detail?.title ?? 'Dashboard detail'}
      actions={
        <>
          <Button component={Link} to="/dashboard" variant="default">
            Back to the dashboard
          </Button>
          {detail && (
            <Button component={Link} to={detail.list}>
              Open the list
            </Button>
          )}
        </>
      }
    >
      {!detail && <Text c="dimmed">There is no such dashboard card.</Text>}
      {error && <Text c="red">{error instanceof ApiError ? error.message : 'Could not load.'}</Text>}
      {data?.length === 0 && <Text c="dimmed">No Available Data</Text>}
      <Stack gap="sm" maw={720}>
        {data?.map((r) => (
          <div key={r.label}>
            <Group justify="space-between">
              <Text size="sm" tt="capitalize">
                {r.label.replace(/_/g, ' ')}
              </Text>
              <Text size="sm" fw={600}>
                {r.count}
              </Text>
            </Group>
            <Progress value={(r.count / max) * 100} aria-label={`${r.label}: ${r.count}`} />
          </div>
        ))}
      </Stack>
    </Page>
  );
}
