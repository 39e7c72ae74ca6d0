import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * The answer to a save refused because the record changed since the form opened (409 STALE): the
 * server's message (who changed it, when) and a Reload that replaces the form's values with the
 * saved ones, so nothing stale can be saved over the other person's change.
 */
export function StaleAlert({ message, onReload }: { message: string; onReload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Alert color="orange" role="alert" title="Not saved: someone else saved first">
      <Text size="sm">{message}</Text>
      <Text size="sm" c="dimmed" mt={4}>
        Reload shows the saved values; what you typed here is discarded, so note anything you want to keep.
      </Text>
      <Group mt="sm">
        <Button
          size="xs"
          color="orange"
          leftSection={<IconRefresh size={14} />}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onReload();
            } finally {
              setBusy(false);
            }
          }}
        >
          Reload
        </Button>
      </Group>
    </Alert>
  );
}
