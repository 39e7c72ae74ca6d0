import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { LOCAL_KEYS } from '@freightdesk/shared/constants';
import type { LoginBody } from '@freightdesk/shared/schemas/auth';
import { PublicCard } from '../../components/layout/public-layout.tsx';
import { lazyResolver } from '../../components/form/lazy-resolver.ts';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { useClearOnEdit } from '../../components/form/use-clear-on-edit.ts';
import { startSession } from '../../lib/session.ts';
import { login } from './api/login.ts';

// The login page is the first most visitors see: its validation (zod) arrives once they start typing.
const validation = lazyResolver<LoginBody>(() => import('./login-validation.ts').then((m) => m.loginResolver));

/** The login form, its error and its submit: the session starts, then the page asked for before login (or the dashboard). */
function useLoginForm() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginBody>({
    shouldFocusError: false,
    resolver: validation.resolver,
    defaultValues: { login: '', password: '' },
  });
  useClearOnEdit(form, () => setError(null));

  const summary = useErrorSummary(form);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await login(values);
      startSession(res.data);
      const next = localStorage.getItem(LOCAL_KEYS.pathToLoadAfterLogin);
      localStorage.removeItem(LOCAL_KEYS.pathToLoadAfterLogin);
      navigate(next || '/dashboard', { replace: true });
    } catch (err) {
      setError(applyServerErrors(err, form.setError, ['login', 'password']));
      summary.reveal();
    }
  }, summary.onInvalid);
  return { form, error, summary, submit };
}

function LoginFields({ form }: { form: UseFormReturn<LoginBody> }) {
  return (
    <>
      <TextInput
        label="Email or mobile"
        withAsterisk
        autoComplete="username"
        autoFocus
        {...form.register('login')}
        error={form.formState.errors.login?.message}
      />
      <PasswordInput
        label="Password"
        withAsterisk
        autoComplete="current-password"
        {...form.register('password')}
        error={form.formState.errors.password?.message}
      />
    </>
  );
}

export function LoginPage() {
  const { form, error, summary, submit } = useLoginForm();
  return (
    <PublicCard title="Log in">
      <form
        ref={summary.formRef}
        onSubmit={submit}
        onKeyDownCapture={validation.preload}
        onPointerDownCapture={validation.preload}
        noValidate
      >
        <Stack>
          <FormErrorSummary summary={summary} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <LoginFields form={form} />
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
            Log in
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Forgot password?
          </Anchor>
        </Stack>
      </form>
    </PublicCard>
  );
}
