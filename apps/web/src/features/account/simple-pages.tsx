import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiFetch } from '../../lib/api.ts';
import { endSession, getSession } from '../../lib/session.ts';
import { PageTitle } from '../../components/layout/page.tsx';

/**
 * `/logout`: clears the session here first (the queries stop, the cache empties, the socket closes:
 * nothing asks the server with a token it is about to drop), then ends it on the server with the
 * token it had (best effort).
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    const { token, loggedIn } = getSession();
    endSession();
    client.clear();
    const ended = loggedIn
      ? apiFetch('/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined)
      : Promise.resolve();
    void ended.finally(() => navigate('/login', { replace: true }));
  }, [navigate, client]);
  return (
    <Center mih={200}>
      <Loader />
    </Center>
  );
}

export function UnauthorizedPage() {
  return (
    <Center mih={300}>
      <Stack align="center" gap="sm">
        <Title order={1} c="dimmed">
          401
        </Title>
        <Title order={3}>You do not have permission to open this page</Title>
        <Text c="dimmed">Ask your account owner for the permission if you need it.</Text>
        <Button component={Link} to="/dashboard">
          Go to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}

/** A page that only says something, with the way back to the dashboard. */
function MessagePage({ title, text }: { title: string; text: string }) {
  return (
    <Center mih={300}>
      <Stack align="center" gap="xs">
        <PageTitle>{title}</PageTitle>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to="/dashboard" variant="default">
          Back to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}

/** Routes whose feature is not built yet name it clearly. */
export function ComingSoonPage({ title }: { title: string }) {
  return <MessagePage title={title} text="This part of Freightdesk is coming soon." />;
}

/** An address no page answers (a mistyped or old link): said as such, not as a feature to come. */
export function NotFoundPage() {
  return <MessagePage title="Page not found" text="There is no page at this address. Check the link, or go back to the dashboard." />;
}

/** A page that failed to open: what went wrong, and what the user can do. */
export function ErrorPage({ message }: { message: string }) {
  return (
    <MessagePage
      title={`Something went wrong: ${message}`}
      text="Reload the page to try again. If it keeps happening, tell your account owner what you were doing."
    />
  );
}
