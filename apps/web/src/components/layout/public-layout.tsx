import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { FlashMessage } from '../feedback/feedback.tsx';

/** The frame of the public pages (login, password reset). */
export function PublicLayout() {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
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
    </Center>
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
