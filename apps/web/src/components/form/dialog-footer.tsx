import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** A server refusal that belongs to no field, shown above the buttons. */
  error?: string | null;
  onCancel: () => void;
  /** What the way out says: "Cancel", "Keep order", "Not now" … */
  cancelLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  /** The submit button(s). */
  children: ReactNode;
};

/** The foot of a dialog's form: its error, then the way out and the submit button, right-aligned. */
export function DialogFooter({ error, onCancel, cancelLabel = 'Cancel', size, children }: Props) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" size={size} onClick={onCancel}>
          {cancelLabel}
        </Button>
        {children}
      </Group>
    </>
  );
}
