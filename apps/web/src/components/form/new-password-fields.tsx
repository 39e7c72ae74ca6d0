import { PasswordInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';

type Values = { password: string; passwordConfirmation: string };

/** "New password" and "Confirm new password", for the reset link and the change-password page. */
export function NewPasswordFields<V extends Values>({ form }: { form: UseFormReturn<V> }) {
  const f = form as unknown as UseFormReturn<Values>;
  return (
    <>
      <PasswordInput
        label="New password"
        withAsterisk
        autoComplete="new-password"
        {...f.register('password')}
        error={f.formState.errors.password?.message}
      />
      <PasswordInput
        label="Confirm new password"
        withAsterisk
        autoComplete="new-password"
        {...f.register('passwordConfirmation')}
        error={f.formState.errors.passwordConfirmation?.message}
      />
    </>
  );
}
