import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { TOAST_HIDE_MS } from '@freightdesk/shared/constants';
import { markReadQuietly } from './api/notifications.ts';
import { getSession } from '../../lib/session.ts';
import { addArrival, groupToast, type LiveGroup, type LiveNote, numberParts } from './live-grouping.ts';
import { concernsQuery } from './live-presentation.ts';

/** The groups whose toast is on screen (a hidden toast ends its group). */
let groups: ReadonlyMap<string, LiveGroup> = new Map();

function forget(key: string, toastId: string) {
  if (groups.get(key)?.toastId === toastId) {
    const next = new Map(groups);
    next.delete(key);
    groups = next;
  }
}

/**
 * Shows a notification that arrived live as a toast with a link to its target (never a dialog:
 * the user may be typing), grouped with others of its kind that came within the window, and
 * refreshes the data it concerns, so the page in front of the user shows the change.
 */
export function showLiveNotification(note: LiveNote, client: QueryClient): void {
  const next = addArrival(groups, note, Date.now());
  groups = next.groups;
  const { group } = next;
  const toast = groupToast(group, getSession().userType);
  const content = {
    id: group.toastId,
    title: toast.title,
    message: (
      <Stack gap={4}>
        <Text size="sm">
          {numberParts(toast.message).map((part) =>
            // A toast names each number once, so the number is its own key.
            part.number ? (
              <span key={part.text} style={{ whiteSpace: 'nowrap' }}>
                {part.text}
              </span>
            ) : (
              part.text
            ),
          )}
        </Text>
        <Anchor
          href={toast.href}
          size="sm"
          fw={600}
          onClick={() => {
            // The link marks what the toast told as read: the user went to see it.
            markReadQuietly(
              client,
              group.notes.map((x) => x.id),
            );
            notifications.hide(group.toastId);
          }}
        >
          {toast.linkLabel}
        </Anchor>
      </Stack>
    ),
    // Mantine restarts a toast's timer when its autoClose changes: a millisecond per arrival
    // keeps a growing group on screen for the full time after its last arrival.
    autoClose: TOAST_HIDE_MS + group.notes.length - 1,
    withCloseButton: true,
    onClose: () => forget(group.key, group.toastId),
  };
  if (group.notes.length === 1) {
    notifications.show(content);
  } else {
    notifications.update(content);
  }
  void client.invalidateQueries({ predicate: (q) => concernsQuery(note.type, q.queryKey) });
}
