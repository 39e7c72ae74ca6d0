import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Avatar, Button, FileButton, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { changePasswordBodySchema, type Profile, updateProfileBodySchema } from '@freightdesk/shared/schemas/auth';
import { toast } from '../../components/feedback/feedback.tsx';
import { NewPasswordFields } from '../../components/form/new-password-fields.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { useClearOnEdit } from '../../components/form/use-clear-on-edit.ts';
import { Page } from '../../components/layout/page.tsx';
import { api } from '../../lib/api.ts';
import { updateSession } from '../../lib/session.ts';

const profileQuery = { queryKey: ['profile'], queryFn: () => api.get<{ data: Profile }>('/profile').then((r) => r.data) };

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
  const { data } = useQuery(profileQuery);
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

export function EditProfilePage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data } = useQuery(profileQuery);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ProfileValues>({
    shouldFocusError: false,
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: { name: '', mobile: '' },
  });
  useClearOnEdit(form, () => setError(null));
  const picture = form.watch('profilePicture');
  useEffect(() => {
    if (data) {
      form.reset({ name: data.name, mobile: data.mobile ?? '', profilePicture: data.profilePicture });
    }
  }, [data, form]);

  const pick = (file: File | null) => {
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
  };
  const summary = useErrorSummary(form);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await api.put<{ data: Profile }>('/profile', values);
      updateSession({ userName: res.data.name, profilePicture: res.data.profilePicture, mobile: res.data.mobile });
      await client.invalidateQueries({ queryKey: ['profile'] });
      toast('Profile saved.');
      navigate('/user_profile');
    } catch (err) {
      setError(applyServerErrors(err, form.setError, ['name', 'mobile', 'profilePicture']));
      summary.reveal();
    }
  }, summary.onInvalid);
  return (
    <Page title="Edit profile">
      <form ref={summary.formRef} onSubmit={submit} noValidate>
        <Stack maw={480}>
          <FormErrorSummary summary={summary} />
          {error && <Alert color="red">{error}</Alert>}
          <Group>
            <Avatar src={picture} size={72} radius="xl" alt="Profile picture" />
            <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp">
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
      await api.post('/profile/change-password', values);
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
