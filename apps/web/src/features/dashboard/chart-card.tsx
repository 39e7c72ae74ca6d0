import { Anchor, Card, Center, Group, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One chart of the dashboard: its title, a link to the report (or list) behind it, and the chart,
 * a placeholder while it loads, or a line saying there is nothing to show.
 */
export function ChartCard({
  title,
  to,
  linkLabel = 'Open report',
  loading,
  empty,
  height,
  children,
}: {
  title: string;
  to?: string;
  linkLabel?: string;
  loading: boolean;
  empty: boolean;
  height: number;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" h="100%">
      <Group justify="space-between" align="baseline" mb="sm" wrap="nowrap">
        <Title order={4} fz="md">
          {title}
        </Title>
        {to && (
          <Anchor component={Link} to={to} size="sm" aria-label={`${linkLabel}: ${title}`} style={{ whiteSpace: 'nowrap' }}>
            {linkLabel}
          </Anchor>
        )}
      </Group>
      {loading ? (
        <Skeleton h={height} />
      ) : empty ? (
        <Center h={height}>
          <Text c="dimmed" size="sm">
            No orders in this period
          </Text>
        </Center>
      ) : (
        children
      )}
    </Card>
  );
}
