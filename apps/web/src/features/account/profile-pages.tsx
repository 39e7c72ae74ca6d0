import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Avatar, Button, FileButton, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { changePasswordBodySchema, updateProfileBodySchema } from '@freightdesk/shared/schemas/auth';
import { toast } from '../../components/feedback/feedback.tsx';
import { NewPasswordFields } from '../../components/form/new-password-fields.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { useClearOnEdit } from '../../components/form/use-clear-on-edit.ts';
import { Page } from '../../components/layout/page.tsx';
import { updateSession } from '../../lib/session.ts';
import { changePassword, PROFILE_KEY, updateProfile, useProfile } from './api/profile.ts';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

export function ProfilePage() {
  const { data } = useProfile();
  return (
    <Page
      title="Profile"
      actions={
        <>
          <Button component={Link} to="/edit_profile">
            Edit profile
          </Button>
          <Button component={Link} to="/change_password" variant="default">
            Change password
          </Button>
        </>
      }
    >
      {data && (
        <Group align="flex-start" gap="xl">
          <Avatar src={data.profilePicture} size={96} radius="xl" alt="Profile picture" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ flex: 1 }}>
            <Field label="Name" value={data.name} />
            <Field label="Email" value={data.email} />
            <Field label="Mobile" value={data.mobile} />
            <Field label="Company" value={data.industry} />
            <Field label="Role" value={data.role} />
            <Field label="User type" value={data.userTypeName} />
          </SimpleGrid>
        </Group>
      )}
    </Page>
  );
}

type ProfileValues = z.input<typeof updateProfileBodySchema>;
const MAX_PICTURE = 512 * 1024;

/** The profile form, filled from the saved profile once it loads. */
function useProfileForm() {
  const { data } = useProfile();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ProfileValues>({
    shouldFocusError: false,
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: { name: '', mobile: '' },
  });
  useClearOnEdit(form, () => setError(null));
  useEffect(() => {
    if (data) {
      form.reset({ name: data.name, mobile: data.mobile ?? '', profilePicture: data.profilePicture });
    }
  }, [data, form]);
  return { form, error, setError };
}

/** Reads a chosen picture into the form as a data URL; a file over 512 KB is an error on the field. */
function pickPicture(form: UseFormReturn<ProfileValues>, file: File | null) {
  if (!file) {
    return;
  }
  if (file.size > MAX_PICTURE) {
    form.setError('profilePicture', { message: 'Picture must be at most 512 KB' });
    return;
  }
  const reader = new FileReader();
  reader.onload = () => form.setValue('profilePicture', String(reader.result), { shouldDirty: true });
  reader.readAsDataURL(file);
}

/** Saves the profile, updates the session's name and picture, then back to the profile. */
function useSaveProfile(form: UseFormReturn<ProfileValues>, setError: (error: string | null) => void) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const summary = useErrorSummary(form);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await updateProfile(values);
      updateSession({ userName: res.data.name, profilePicture: res.data.profilePicture, mobile: res.data.mobile });
      await client.invalidateQueries({ queryKey: PROFILE_KEY });
      toast('Profile saved.');
      navigate('/user_profile');
    } catch (err) {
      setError(applyServerErrors(err, form.setError, ['name', 'mobile', 'profilePicture']));
      summary.reveal();
    }
  }, summary.onInvalid);
  return { summary, submit };
}

function PictureField({ form }: { form: UseFormReturn<ProfileValues> }) {
  const picture = form.watch('profilePicture');
  return (
    <>
      <Group>
        <Avatar src={picture} size={72} radius="xl" alt="Profile picture" />
        <FileButton onChange={(file) => pickPicture(form, file)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button variant="default" {...props} data-path="profilePicture" data-label="Profile picture">
              Choose picture
            </Button>
          )}
        </FileButton>
        {picture && (
          <Button variant="subtle" color="red" onClick={() => form.setValue('profilePicture', null, { shouldDirty: true })}>
            Remove picture
          </Button>
        )}
      </Group>
      {form.formState.errors.profilePicture && (
        <Text c="red" size="sm">
          {form.formState.errors.profilePicture.message}
        </Text>
      )}
    </>
  );
}

export function EditProfilePage() {
  const { form, error, setError } = useProfileForm();
  const { summary, submit } = useSaveProfile(form, setError);
  return (
    <Page title="Edit profile">
      <form ref={summary.formRef} onSubmit={submit} noValidate>
        <Stack maw={480}>
          <FormErrorSummary summary={summary} />
          {error && <Alert color="red">{error}</Alert>}
          <PictureField form={form} />
          <TextInput label="Name" withAsterisk {...form.register('name')} error={form.formState.errors.name?.message} />
          <TextInput label="Mobile" {...form.register('mobile')} error={form.formState.errors.mobile?.message} />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save
            </Button>
            <Button component={Link} to="/user_profile" variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

type PasswordValues = z.input<typeof changePasswordBodySchema>;

export function ChangePasswordPage() {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    shouldFocusError: false,
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  });
  useClearOnEdit(form, () => setError(null));
  const summary = useErrorSummary(form);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await changePassword(values);
      form.reset();
      toast('Your password is changed. Other sessions were logged out.');
    } catch (err) {
      setError(applyServerErrors(err, form.setError, ['currentPassword', 'password', 'passwordConfirmation']));
      summary.reveal();
    }
  }, summary.onInvalid);
  return (
    <Page title="Change password">
      <form ref={summary.formRef} onSubmit={submit} noValidate>
        <Stack maw={420}>
          <FormErrorSummary summary={summary} />
          {error && <Alert color="red">{error}</Alert>}
          <PasswordInput
            label="Current password"
            withAsterisk
            autoComplete="current-password"
            {...form.register('currentPassword')}
            error={form.formState.errors.currentPassword?.message}
          />
          <NewPasswordFields form={form} />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
