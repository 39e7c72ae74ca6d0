import { Avatar, Box, Group, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type Session, useSession } from '../../lib/session.ts';

const DEFAULT_AVATAR = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#e6f6ee"/><circle cx="20" cy="15" r="7" fill="#42b883"/><path d="M6 36c2-8 8-11 14-11s12 3 14 11" fill="#42b883"/></svg>',
)}`;

/** The account button's name: who is signed in, and as what. */
export const accountLabel = (s: Pick<Session, 'userName' | 'role' | 'userTypeName'>) =>
  `Account menu: ${s.userName} ${s.role || s.userTypeName}`;

/** The account button's face: the avatar, the name and role (from 768 px), the chevron. */
export function AccountFace() {
  const session = useSession();
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={session.profilePicture || DEFAULT_AVATAR} radius="xl" size="sm" alt="" />
      {/* On a phone the avatar stands for the name (the button's name says it): the header fits 360 px. */}
      <Box visibleFrom="sm">
        <Text size="sm" fw={500} lh={1.1}>
          {session.userName}
        </Text>{' '}
        <Text size="xs" c="dimmed" lh={1.1}>
          {session.role || session.userTypeName}
        </Text>
      </Box>
      <IconChevronDown size={14} />
    </Group>
  );
}
