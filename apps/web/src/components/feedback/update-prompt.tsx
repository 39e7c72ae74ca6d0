import { Button, Group, Paper, Text } from '@mantine/core';
import { useWaitingRelease } from '../../lib/service-worker.ts';

/** "A new version is ready": shown when a release's service worker waits; Reload switches to it. */
export function UpdatePrompt() {
  const apply = useWaitingRelease();
  if (!apply) {
    return null;
  }
  return (
    <Paper
      role="status"
      withBorder
      shadow="md"
      p="sm"
      style={{ position: 'fixed', left: 16, bottom: 16, zIndex: 400, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">A new version of Freightdesk is ready.</Text>
        <Button size="xs" onClick={apply}>
          Reload
        </Button>
      </Group>
    </Paper>
  );
}
