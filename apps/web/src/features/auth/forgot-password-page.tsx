import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordBodySchema } from '@freightdesk/shared/schemas/auth';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { useClearOnEdit } from '../../components/form/use-clear-on-edit.ts';
import { PublicCard } from '../../components/layout/public-layout.tsx';
import { forgotPassword } from './api/forgot-password.ts';

/** Asks for a reset link; also the `/reset-password` page, which explains where the link comes from. */
export function ForgotPasswordPage({ intro }: { intro?: string }) {
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof forgotPasswordBodySchema>>({
    shouldFocusError: false,
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });
  useClearOnEdit(form, () => setError(null));
  const summary = useErrorSummary(form);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await forgotPassword(values);
      setDone(res.data.message);
    } catch (err) {
      setError(applyServerErrors(err, form.setError, ['email']));
      summary.reveal();
    }
  }, summary.onInvalid);
  return (
    <PublicCard title={intro ? 'Reset password' : 'Forgot password'}>
      <Stack>
        <Text size="sm" c="dimmed">
          {intro ?? 'Enter the email address of your account and we will mail you a link to choose a new password.'}
        </Text>
        {done ? (
          <Alert color="green" role="status">
            {done}
          </Alert>
        ) : (
          <form ref={summary.formRef} onSubmit={submit} noValidate>
            <Stack>
              <FormErrorSummary summary={summary} />
              {error && <Alert color="red">{error}</Alert>}
              <TextInput label="Email" withAsterisk type="email" {...form.register('email')} error={form.formState.errors.email?.message} />
              <Button type="submit" loading={form.formState.isSubmitting}>
                Send reset link
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to log in
        </Anchor>
      </Stack>
    </PublicCard>
  );
}
