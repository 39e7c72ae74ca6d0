import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page: its title, actions on the right, and content on a card. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      <Paper withBorder p="md" radius="md">
        {children}
      </Paper>
    </>
  );
}
