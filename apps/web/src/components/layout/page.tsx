import { Group, Paper, Title, type TitleProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's one h1 (WCAG 2.4.6), at the size the pages' titles have always had. */
export function PageTitle(props: Omit<TitleProps, 'order' | 'size'>) {
  return <Title order={1} size="h2" {...props} />;
}

/** A page: its title, actions on the right, and content on a card. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <PageTitle>{title}</PageTitle>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      <Paper withBorder p="md" radius="md">
        {children}
      </Paper>
    </>
  );
}
