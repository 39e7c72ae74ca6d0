import { Anchor, Code, Stack, Text, Title } from '@mantine/core';

/** The receiver of docs/integrations.md, short: verify with the standardwebhooks package, answer fast. */
const RECEIVER = `import express from 'express';
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.FREIGHTDESK_WEBHOOK_SECRET); // whsec_…
const app = express();
// The signature covers the exact bytes: read the raw body.
app.post('/freightdesk', express.raw({ type: 'application/json' }), (req, res) => {
  try {
    const event = wh.verify(req.body, req.headers);
    queueForErp(req.headers['webhook-id'], event); // once per webhook-id
    res.status(204).end();
  } catch {
    res.status(400).send('bad signature');
  }
});
app.listen(3000);`;

function Snippet({ label, text }: { label: string; text: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {/* Scrolls inside itself on a phone; focusable so a keyboard can scroll it too. */}
      <Code block tabIndex={0} aria-label={label} style={{ overflowX: 'auto', whiteSpace: 'pre' }}>
        {text}
      </Code>
    </Stack>
  );
}

/** A short guide for the company's ERP developer: a read and a retry-safe write with a key, and a webhook receiver. */
export function DeveloperGuide() {
  const origin = window.location.origin;
  const read = `curl -H "X-API-Key: $FREIGHTDESK_API_KEY" \\\n  "${origin}/api/orders/outbound?externalRef=SO-4711"`;
  const write = `curl -X POST -H "X-API-Key: $FREIGHTDESK_API_KEY" \\\n  -H "Idempotency-Key: so-batch-2026-12-06" \\\n  -H "Content-Type: application/json" -d @lines.json \\\n  "${origin}/api/offline-orders/outbound/bulk"`;
  return (
    <Stack>
      <Stack gap={4}>
        <Title order={2} size="h3">
          Guide
        </Title>
        <Text size="sm" c="dimmed">
          Every call your ERP makes is a call of this API, described in the{' '}
          <Anchor href="/api/docs" target="_blank" rel="noopener" underline="always">
            API reference
          </Anchor>{' '}
          (OpenAPI). A write with an Idempotency-Key is safe to retry: the same key answers the first answer and changes nothing.
        </Text>
      </Stack>
      <Snippet label="Read an order by your ERP's reference" text={read} />
      <Snippet label="Record up to 500 offline orders in one call" text={write} />
      <Snippet label="Receive webhooks in Node and verify their signature" text={RECEIVER} />
    </Stack>
  );
}
