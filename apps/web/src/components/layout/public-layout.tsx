import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';
import { FlashMessage } from '../feedback/feedback.tsx';
import { PublicFrame } from './public-frame.tsx';

/** Public pages whose content arrives after the page: drawn from the top (PublicFrame). */
const FROM_THE_TOP = new Set(['driver-trip', 'public-live', 'public-fastag']);

/** The public pages' route: the frame, a flash message, the page. */
export function PublicLayout() {
  const fromTop = useMatches().some((m) => FROM_THE_TOP.has((m.handle as { routeId?: string } | undefined)?.routeId ?? ''));
  return (
    <PublicFrame fromTop={fromTop}>
      <FlashMessage />
      <main>
        <Outlet />
      </main>
    </PublicFrame>
  );
}

/** A card with a title, for forms on public pages. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Title order={1} size="h3" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
