import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormAlert } from './server-errors.ts';

/** The alert above a form for a server error that belongs to no field (plan limit, network …). */
export function FormErrorAlert({ error }: { error: FormAlert | null }) {
  if (!error) {
    return null;
  }
  return (
    <Alert color="red" role="alert" title={error.title} icon={<IconAlertCircle size={18} />}>
      {error.message}
    </Alert>
  );
}
