import { Card, Text } from '@mantine/core';
import { Link } from 'react-router';
import { indianNumber } from '@freightdesk/shared/indian-number';

/**
 * One figure of a dashboard: its label, the value, an optional line of context, and, when it has
 * one, a link to the list the figure counts (the whole card is the link).
 */
export function StatCard({ label, value, hint, to }: { label: string; value: string; hint?: string; to?: string }) {
  const body = (
    <>
      <Text size="sm" c="dimmed">
        {label}
      </Text>{' '}
      <Text size="xl" fw={700} mt={4}>
        {value}
      </Text>
      {hint && (
        <>
          {' '}
          <Text size="xs" c="dimmed" mt={4}>
            {hint}
          </Text>
        </>
      )}
    </>
  );
  return to ? (
    <Card withBorder padding="lg" component={Link} to={to} aria-label={`${label}: ${value}${hint ? `, ${hint}` : ''}`}>
      {body}
    </Card>
  ) : (
    <Card withBorder padding="lg">
      {body}
    </Card>
  );
}

/** A count as a dashboard shows it: "—" until it has loaded. */
export const shown = (n: number | undefined) => (n === undefined ? '—' : indianNumber(n));
