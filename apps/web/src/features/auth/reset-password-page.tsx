import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { resetPasswordBodySchema } from '@freightdesk/shared/schemas/auth';
import { NewPasswordFields } from '../../components/form/new-password-fields.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { useClearOnEdit } from '../../components/form/use-clear-on-edit.ts';
import { PublicCard } from '../../components/layout/public-layout.tsx';
import { ApiError } from '../../lib/api.ts';
import { flash } from '../../lib/app-state.ts';
import { resetPassword, useResetToken } from './api/reset-password.ts';

type Values = z.input<typeof resetPasswordBodySchema>;

/** The password form of a checked link: on success, back to login with the server's message. */
function useResetPasswordForm(token: string) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    shouldFocusError: false,
    resolver: zodResolver(resetPasswordBodySchema),
    defaultValues: { token, password: '', passwordConfirmation: '' },
  });
  useClearOnEdit(form, () => setError(null));
  const summary = useErrorSummary(form);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await resetPassword(values);
      flash(res.data.message);
      navigate('/login', { replace: true });
    } catch (err) {
      setError(applyServerErrors(err, form.setError, ['password', 'passwordConfirmation']));
      summary.reveal();
    }
  }, summary.onInvalid);
  return { form, error, summary, submit };
}

/** A link that cannot be used: the server's reason and a way to ask for a new one. */
function BadLinkCard({ error }: { error: unknown }) {
  const message = error instanceof ApiError ? error.message : 'This link cannot be checked now.';
  return (
    <PublicCard title="Choose a password">
      <Stack>
        <Alert color="red">{message}</Alert>
        <Anchor component={Link} to="/forgot-password">
          Ask for a new link
        </Anchor>
      </Stack>
    </PublicCard>
  );
}

/** `/password/reset/:token`: the link from the mail (reset or first password of an invitation). */
export function ResetPasswordTokenPage() {
  const { token = '' } = useParams();
  const check = useResetToken(token);
  const { form, error, summary, submit } = useResetPasswordForm(token);

  if (check.isPending) {
    return (
      <PublicCard title="Choose a password">
        <Loader size="sm" />
      </PublicCard>
    );
  }
  if (check.isError) {
    return <BadLinkCard error={check.error} />;
  }
  return (
    <PublicCard title="Choose a password">
      <form ref={summary.formRef} onSubmit={submit} noValidate>
        <Stack>
          <FormErrorSummary summary={summary} />
          <Text size="sm">
            For <b>{check.data.data.email}</b>. At least 8 characters, with letters and digits.
          </Text>
          {error && <Alert color="red">{error}</Alert>}
          <NewPasswordFields form={form} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save password
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
