import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { DevicePairing } from '@freightdesk/shared/schemas/tracking-devices';
import { toast } from '../../components/feedback/feedback.tsx';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { DeviceSetupCard } from '../../domain/tracking/device-setup-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { type DeviceBase, useRegisterDevice } from './api/device-api.ts';

const fieldError = (err: unknown, field: string) => (err instanceof ApiError ? err.fields?.[field] : undefined);
const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : 'That did not work. Please try again.');

/** A phone's setup, shown once: after pairing or a new identifier. */
export function SetupDialog({ pairing, onClose }: { pairing: DevicePairing; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`Set up ${pairing.device.name ?? `phone ${pairing.device.label}`}`} size="lg" centered>
      <Stack>
        <DeviceSetupCard pairing={pairing} />
        <Button onClick={onClose} style={{ alignSelf: 'flex-end' }}>
          Done
        </Button>
      </Stack>
    </Modal>
  );
}

/** Pairs a phone: a name (the driver's or the truck's), then its setup card. */
export function PairPhoneDialog({ base, onClose }: { base: DeviceBase; onClose: () => void }) {
  const register = useRegisterDevice(base);
  const [name, setName] = useState('');
  const [pairing, setPairing] = useState<DevicePairing | null>(null);
  if (pairing) {
    return <SetupDialog pairing={pairing} onClose={onClose} />;
  }
  const submit = () =>
    register.mutate(
      { kind: 'phone', name: name.trim() || undefined },
      { onSuccess: (r) => (r.pairing ? setPairing(r.pairing) : onClose()) },
    );
  return (
    <Modal opened onClose={onClose} title="Pair a phone" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            description="Whose phone, or which truck: how you will find it."
            placeholder="e.g. Ramesh, MH12AB1234"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError(register.error, 'name')}
            data-autofocus
          />
          <DialogFooter error={register.error && !fieldError(register.error, 'name') ? messageOf(register.error) : null} onCancel={onClose}>
            <Button type="submit" loading={register.isPending}>
              Pair and show the setup
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}

/** Registers a GPS unit by the identifier printed on it; it reports through a Traccar server. */
export function GpsUnitDialog({ base, onClose }: { base: DeviceBase; onClose: () => void }) {
  const register = useRegisterDevice(base);
  const [identifier, setIdentifier] = useState('');
  const [name, setName] = useState('');
  const submit = () =>
    register.mutate(
      { kind: 'gps', identifier: identifier.trim(), name: name.trim() || undefined },
      {
        onSuccess: (r) => {
          toast(`${r.data.label} is registered.`);
          onClose();
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title="Add a GPS unit" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Alert color="blue">
            A GPS unit (a tracker or an e-lock) reports through a Traccar server that forwards its positions here, never straight to the
            tracking port: its identifier is printed on it, so anyone could type it.
          </Alert>
          <TextInput
            label="Identifier"
            withAsterisk
            description="As Traccar knows the unit: usually its IMEI."
            value={identifier}
            onChange={(e) => setIdentifier(e.currentTarget.value)}
            error={fieldError(register.error, 'identifier')}
            data-autofocus
          />
          <TextInput
            label="Name"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError(register.error, 'name')}
          />
          <DialogFooter
            error={
              register.error && !fieldError(register.error, 'identifier') && !fieldError(register.error, 'name')
                ? messageOf(register.error)
                : null
            }
            onCancel={onClose}
          >
            <Button type="submit" loading={register.isPending}>
              Add GPS unit
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}
