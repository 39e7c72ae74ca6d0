import { ActionIcon, Indicator } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { useWhatsNewUnread } from './api/whats-new.ts';

/** The unread count of What's new in the header, for users who may read it (the app puts it in the shell's header). */
export function WhatsNewIndicator() {
  const session = useSession();
  const allowed = session.permissions.includes('list-whats-new');
  const { data } = useWhatsNewUnread(allowed);
  if (!allowed) {
    return null;
  }
  return (
    <Indicator label={data} size={16} disabled={!data} color="red">
      <ActionIcon component={Link} to="/whats-new" variant="subtle" aria-label={`What's new${data ? `, ${data} unread` : ''}`}>
        <IconSpeakerphone size={20} />
      </ActionIcon>
    </Indicator>
  );
}
