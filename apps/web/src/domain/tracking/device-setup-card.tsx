import { Alert, Button, Code, CopyButton, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DevicePairing } from '@freightdesk/shared/schemas/tracking-devices';
import { QrCode } from './qr-code.tsx';

/** A value to type or copy into the phone: read-only, monospaced, with a Copy button. */
function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1, minWidth: 0 }} styles={{ input: { fontFamily: 'monospace' } }} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * What a driver's phone needs to report here, shown once after pairing (or a new identifier): the
 * QR code Traccar Client scans in its settings, the server address and identifier to type, and the
 * steps for Traccar Client and OsmAnd.
 */
export function DeviceSetupCard({ pairing }: { pairing: DevicePairing }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" title="Shown once">
        Set the phone up now. Freightdesk keeps only the identifier’s last four characters ({pairing.device.label}); if it is lost, issue a
        new identifier from the device’s menu.
      </Alert>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <QrCode value={pairing.setupUri} label={`QR code to set up Traccar Client for ${pairing.device.name ?? pairing.device.label}`} />
        <Stack gap="sm" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <CopyField label="Server URL" value={pairing.serverUrl} />
          <CopyField label="Device identifier" value={pairing.identifier} />
        </Stack>
      </Group>
      <div>
        <Title order={3} size="h5">
          Traccar Client (Android or iPhone)
        </Title>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>Install Traccar Client from the Play Store or the App Store on the driver’s phone.</List.Item>
          <List.Item>
            In its Settings, tap the QR code icon and scan this code (or type the server URL and the device identifier).
          </List.Item>
          <List.Item>Allow location “all the time”, turn battery optimisation off for it, and switch tracking on.</List.Item>
        </List>
      </div>
      <div>
        <Title order={3} size="h5">
          OsmAnd
        </Title>
        <Text size="sm">Plugins → Trip recording → Online tracking, web address (a fix every 30 seconds is enough for a truck):</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {pairing.osmandUrl}
        </Code>
      </div>
    </Stack>
  );
}
