import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { DevicePairing } from '@freightdesk/shared/schemas/tracking-devices';
import { ApiError } from '../../lib/api.ts';
import { ServerSelect } from '../../components/form/server-select.tsx';
import { type DevicesBase, pairPhone } from './api/pair-phone.ts';
import { DeviceSetupCard } from './device-setup-card.tsx';

type Props = {
  /** `/tracking` (a shipper's devices) or `/carrier/tracking` (a carrier's). */
  devicesBase: DevicesBase;
  /** What a phone paired here is named: the order's vehicle, else its number. */
  name: string;
  deviceId: string | null;
  onDevice: (id: string | null) => void;
  error?: string;
  identifier: UseFormRegisterReturn<'identifier'>;
  identifierError?: string;
};

/**
 * The device of an order's tracking: one of the company's devices (searched on the server), a
 * phone paired on the spot (its setup card shown here, once), or a GPS unit's typed identifier
 * (registered on the way; it reports through Traccar).
 */
export function DeviceChoice({ devicesBase, name, deviceId, onDevice, error, identifier, identifierError }: Props) {
  const [pairing, setPairing] = useState<DevicePairing | null>(null);
  const [pairError, setPairError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pair = async () => {
    setBusy(true);
    setPairError(null);
    try {
      const made = await pairPhone(devicesBase, name);
      setPairing(made.pairing ?? null);
      onDevice(String(made.data.id));
    } catch (err) {
      setPairError(err instanceof ApiError ? err.message : 'The phone could not be paired. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  if (pairing) {
    return <DeviceSetupCard pairing={pairing} />;
  }
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ServerSelect
          label="Device"
          source={devicesBase === '/carrier/tracking' ? 'carrierTrackingDevices' : 'trackingDevices'}
          value={deviceId}
          onChange={(v) => onDevice(v)}
          error={error}
          clearable
          style={{ flex: '1 1 220px' }}
          data-autofocus
        />
        <Button variant="light" onClick={() => void pair()} loading={busy}>
          Pair a new phone
        </Button>
      </Group>
      {pairError && (
        <Alert color="red" role="alert">
          {pairError}
        </Alert>
      )}
      {!deviceId && (
        <TextInput
          label="Or a GPS unit’s identifier"
          description="Its IMEI, as your Traccar server knows it; registered for you."
          {...identifier}
          error={identifierError}
        />
      )}
    </Stack>
  );
}
