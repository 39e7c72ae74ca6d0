import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type WebhookEndpoint, type WebhookEndpointBody, webhookEndpointBodySchema } from '@freightdesk/shared/schemas/webhook';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { useSaveWebhookEndpoint, useWebhookEventTypes } from './api/webhooks.ts';

type Values = { url: string; description: string; eventTypes: string[]; enabled: boolean };
const FIELDS = ['url', 'description', 'eventTypes', 'enabled'];

const valuesOf = (e?: WebhookEndpoint): Values => ({
  url: e?.url ?? '',
  description: e?.description ?? '',
  eventTypes: e?.eventTypes ?? [],
  enabled: e?.enabled ?? true,
});

/** Adds an endpoint, or changes one: its URL (public https), description, events and whether it is on. */
export function WebhookEndpointForm({ endpoint, opened, onClose }: { endpoint?: WebhookEndpoint; opened: boolean; onClose: () => void }) {
  const save = useSaveWebhookEndpoint();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(webhookEndpointBodySchema) as never, values: valuesOf(endpoint) });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({ id: endpoint?.id, body: values as WebhookEndpointBody });
      toast(endpoint ? 'Endpoint saved.' : 'Endpoint added. Copy its signing secret into your receiver.');
      onClose();
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="URL"
            description="A public https address of your system."
            placeholder="https://erp.example.com/freightdesk/webhooks"
            required
            inputMode="url"
            error={errors.url?.message}
            {...form.register('url')}
          />
          <TextInput label="Description" error={errors.description?.message} {...form.register('description')} />
          <Controller
            control={form.control}
            name="eventTypes"
            render={({ field }) => <EventChoice value={field.value} onChange={field.onChange} error={errors.eventTypes?.message} />}
          />
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Switch label="Enabled" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The events to send, from the public catalogue, each with what it means. */
function EventChoice({ value, onChange, error }: { value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const types = (useWebhookEventTypes().data ?? []).filter((t) => t.type !== 'webhook.test');
  return (
    <Checkbox.Group
      label="Events"
      description="Your endpoint receives only these."
      value={value}
      onChange={onChange}
      error={error}
      withAsterisk
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
        {types.map((t) => (
          <Checkbox key={t.type} value={t.type} label={t.type} description={t.description} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
