import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { AccountFace, accountLabel } from './account-face.tsx';
import { useSession } from '../../lib/session.ts';

/**
 * The user's menu: profile, password and logout (its floating code loads once the page has
 * settled, record 0322); `opened` when the button was tapped before it was here.
 */
export function AccountMenu({ opened }: { opened: boolean }) {
  const session = useSession();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={opened}>
      <Menu.Target>
        <UnstyledButton aria-label={accountLabel(session)}>
          <AccountFace />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/user_profile">
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/change_password">
          Change password
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" color="red">
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
