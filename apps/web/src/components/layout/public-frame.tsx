import { Box, Flex, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of the public pages: the product's name over the page, a short form (login, password
 * reset) centred, a page whose content arrives after it (a trip, a shipment's tracking) from the
 * top, so the frame does not move when the content arrives (a centred frame jumps up: layout
 * shift). No router: the driver's trip link draws it on its own (trip.tsx).
 */
export function PublicFrame({ fromTop, children }: { fromTop: boolean; children: ReactNode }) {
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
        {children}
      </Box>
    </Flex>
  );
}
