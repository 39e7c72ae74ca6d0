import { ActionIcon, Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { IndentDetail } from '@freightdesk/shared/schemas/indent';
import { toast } from '../../components/feedback/feedback.tsx';
import { ServerSelect } from '../../components/form/server-select.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { ApiError } from '../../lib/api.ts';
import { useUpdateIndentBackups } from './api/update-indent-backups.ts';
import { addBackup, type Backup, moveItem, splitTurns } from './backup-order.ts';
import { TurnBadge } from './indent-carriers-tab.tsx';
import { stillOpen } from './indent-rules.ts';
import { useIndent } from './use-indent.ts';

/** One waiting backup: its place in the queue, move up or down, remove. */
function BackupRow({
  backup,
  index,
  count,
  onMove,
  onRemove,
}: {
  backup: Backup;
  index: number;
  count: number;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  return (
    <Paper withBorder p="xs" radius="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text>
          {index + 1}. {backup.carrierName}
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Move ${backup.carrierName} up`} disabled={index === 0} onClick={() => onMove(-1)}>
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${backup.carrierName} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${backup.carrierName}`} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

/** The queue being edited, the picker's key and the save: loaded once from the indent, then the user's until saved. */
function useBackupQueue(indent: IndentDetail) {
  const navigate = useNavigate();
  const { fixed, waiting } = splitTurns(indent.allocations);
  const [list, setList] = useState<Backup[]>(waiting);
  const [error, setError] = useState<string | null>(null);
  // A new picker after each pick: the carrier just added does not stay in its search box.
  const [picker, setPicker] = useState(0);
  const save = useUpdateIndentBackups(indent.id, {
    saved: () => {
      toast(`Backup carriers of ${indent.number} saved.`);
      navigate(`/indent/detail/${indent.id}/carriers`);
    },
    refused: (err) =>
      setError(err instanceof ApiError ? (Object.values(err.fields)[0] ?? err.message) : 'Something went wrong. Please try again.'),
  });
  const asked = new Set(fixed.map((t) => t.carrierLinkId));
  const submit = () => save.mutate(list.map((b) => b.carrierLinkId));
  const add = (row: { id: number; label: string }) => {
    if (asked.has(row.id)) {
      setError(`${row.label} was already asked on this indent.`);
      return;
    }
    setError(null);
    setList((l) => addBackup(l, { carrierLinkId: row.id, carrierName: row.label }));
    setPicker((k) => k + 1);
  };
  const move = (i: number, delta: number) => setList((l) => moveItem(l, i, delta));
  const remove = (carrierLinkId: number) => setList((l) => l.filter((x) => x.carrierLinkId !== carrierLinkId));
  return { fixed, list, error, picker, save, submit, add, move, remove };
}

/** The turns already asked, which keep their place. */
function AskedTurns({ fixed }: { fixed: ReturnType<typeof splitTurns>['fixed'] }) {
  return (
    <div>
      <Text fw={600} mb={4}>
        Already asked (these keep their place)
      </Text>
      <List size="sm">
        {fixed.map((t) => (
          <List.Item key={t.id}>
            {t.seq}. {t.carrierName} ({t.role === 'primary' ? 'primary' : 'backup'}) <TurnBadge status={t.status} />
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** The backups waiting, in the order they are asked. */
function WaitingBackups({ queue }: { queue: ReturnType<typeof useBackupQueue> }) {
  const { list } = queue;
  return (
    <div>
      <Text fw={600} mb={4}>
        Backups, asked in this order
      </Text>
      <Stack gap={6}>
        {list.length === 0 && <Text c="dimmed">No backup carrier waiting. Add one below.</Text>}
        {list.map((b, i) => (
          <BackupRow
            key={b.carrierLinkId}
            backup={b}
            index={i}
            count={list.length}
            onMove={(delta) => queue.move(i, delta)}
            onRemove={() => queue.remove(b.carrierLinkId)}
          />
        ))}
      </Stack>
    </div>
  );
}

/** The editable queue: loaded once from the indent, then the user's until saved. */
function BackupEditor({ indent }: { indent: IndentDetail }) {
  const queue = useBackupQueue(indent);
  return (
    <Stack>
      {indent.status === 'spot' && (
        <Alert color="orange">
          Nobody took {indent.spotVehicles} vehicles. Backups saved here are asked for them before a spot request is raised.
        </Alert>
      )}
      <AskedTurns fixed={queue.fixed} />
      <WaitingBackups queue={queue} />
      <ServerSelect
        key={queue.picker}
        source="carriers"
        label="Add a backup carrier"
        placeholder="Type a carrier of My Carriers"
        value={null}
        onChange={(v, row) => {
          if (v && row) {
            queue.add(row);
          }
        }}
        maw={420}
      />
      {queue.error && (
        <Alert color="red" role="alert">
          {queue.error}
        </Alert>
      )}
      <Group>
        <Button onClick={queue.submit} loading={queue.save.isPending}>
          Save backup carriers
        </Button>
        <Button variant="subtle" component={Link} to={`/indent/detail/${indent.id}/carriers`}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/** `/indent/updateBackupTransporter/:id`: reorder, add and remove the backup carriers still waiting their turn. */
export function IndentBackupsPage() {
  const id = Number(useParams().id);
  const query = useIndent(id);
  const { data: indent, isFetchedAfterMount } = query;
  const [loaded, setLoaded] = useState<IndentDetail | null>(null);
  // The queue is edited from the indent as loaded on opening; a later refetch does not reset it.
  useEffect(() => {
    if (!loaded && indent && isFetchedAfterMount) {
      setLoaded(indent);
    }
  }, [indent, loaded, isFetchedAfterMount]);
  const title = `Backup carriers of ${indent?.number ?? 'the indent'}`;
  if (!loaded || !indent) {
    return <PageQueryState title={title} query={query} loading="Loading the indent" failed="The indent could not be loaded." />;
  }
  if (!stillOpen(indent)) {
    return (
      <Page title={title}>
        <Alert color="orange">{indent.number} has ended or is already raised as a spot request: its carriers cannot change.</Alert>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <BackupEditor indent={loaded} />
    </Page>
  );
}
