import { Box, Flex, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';
import { FlashMessage } from '../feedback/feedback.tsx';

/**
 * Public pages whose content arrives after the page (a trip, a shipment's tracking): drawn from the
 * top, so the frame does not move when it arrives (a centred frame jumps up: layout shift).
 */
const FROM_THE_TOP = new Set(['driver-trip', 'public-live', 'public-fastag']);

/** The frame of the public pages: a short form (login, password reset) centred, a trip or shipment from the top. */
export function PublicLayout() {
  const fromTop = useMatches().some((m) => FROM_THE_TOP.has((m.handle as { routeId?: string } | undefined)?.routeId ?? ''));
  return (
    <Flex mih="100vh" bg="gray.0" p="md" justify="center" align={fromTop ? 'flex-start' : 'center'}>
      <Box w="100%" maw={420}>
        <Stack gap={4} align="center" mb="lg">
          <Text fz={26} fw={700} c="brand.8">
            Freightdesk
          </Text>
          <Text c="dimmed" size="sm">
            Freight procurement and tracking for shippers and carriers
          </Text>
        </Stack>
        <FlashMessage />
        <main>
          <Outlet />
        </main>
      </Box>
    </Flex>
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
