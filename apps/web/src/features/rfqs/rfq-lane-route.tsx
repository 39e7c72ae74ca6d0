import { Button, Popover, Stack, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from '../../components/feedback/feedback.tsx';
import { ServerSelect } from '../../components/form/server-select.tsx';
import type { RfqFormValues } from './rfq-form-values.ts';
import { routeEnds } from './rfq-places.ts';
import { getRouteMaster } from './api/rfq-lane-sheet.ts';

/**
 * "Fill from route": one of the shipper's route masters, searched on the server, sets the lane's
 * origin (the route's plant or location) and destination (its last destination). A route without an
 * origin is skipped with a word why; the lane is left as it was.
 */
export function FillFromRoute({ form, index }: { form: UseFormReturn<RfqFormValues>; index: number }) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const fill = async (value: string | null) => {
    if (!value) {
      return;
    }
    setBusy(true);
    try {
      const route = await getRouteMaster(value);
      const ends = routeEnds(route);
      if (!ends) {
        toast(`Route ${route.name} has no origin or destination, so lane ${index + 1} was left as it was.`, 'error');
        return;
      }
      const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
      form.setValue(`lanes.${index}.origin`, ends.origin, opts);
      form.setValue(`lanes.${index}.destination`, ends.destination, opts);
      setOpened(false);
    } catch (err) {
      toast(err instanceof Error ? err.message : 'The route could not be read.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withinPortal trapFocus>
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconRoute size={14} />}
          onClick={() => setOpened((o) => !o)}
          aria-label={`Fill lane ${index + 1} from a route master`}
        >
          Fill from route
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} w={320}>
          <ServerSelect
            source={['routeMasters']}
            label="Route master"
            placeholder="Type a route"
            value={null}
            onChange={(v) => void fill(v)}
            disabled={busy}
            comboboxProps={{ withinPortal: false }}
          />
          <Text size="xs" c="dimmed">
            Sets the origin and the route&apos;s last destination.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
