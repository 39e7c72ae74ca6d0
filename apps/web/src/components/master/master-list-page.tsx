import { ActionIcon, Badge, Button, Menu } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import type { Permission } from '@freightdesk/shared/permissions';
import { STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import { ApiError } from '../../lib/api.ts';
import { hasPermission } from '../../lib/session.ts';
import { DataTable, ROW_ACTIONS_COLUMN } from '../data-table/data-table.tsx';
import { ListToolbar, type ToolbarFilter } from '../data-table/list-toolbar.tsx';
import { useListParams } from '../data-table/use-list-params.ts';
import { confirmAction } from '../feedback/confirm.tsx';
import { toast } from '../feedback/feedback.tsx';
import { Page } from '../layout/page.tsx';
import { useMasterAction, useMasterList, useMasterRemove } from './use-master.ts';

export const STATUS_FILTER: ToolbarFilter = {
  key: 'status',
  label: 'Status',
  options: [
    { value: 'active', label: STATUS_LABEL.active },
    { value: 'inactive', label: STATUS_LABEL.inactive },
  ],
};

export function StatusBadge({ status }: { status: string }) {
  const label = STATUS_LABEL[status as Status] ?? status.replace(/_/g, ' ');
  return <Badge color={status === 'active' ? 'green' : status === 'blocked' ? 'red' : 'gray'}>{label}</Badge>;
}

/** The Status column every master list shows. */
export function statusColumn<T extends { status: string }>(): ColumnDef<T, unknown> {
  return { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> };
}

type Row = { id: number; status: string; name?: string };

export type MasterListProps<T extends Row> = {
  title: string;
  /** API path under /api, e.g. 'business-units'. */
  api: string;
  /** SPA base, e.g. '/business': add at `${route}/add` (or `addPath`), edit at `${route}/edit/:id`. */
  route: string;
  addPath?: string;
  addLabel?: string;
  viewPath?: (row: T) => string;
  columns: ColumnDef<T, unknown>[];
  sortable?: readonly string[];
  filters?: ToolbarFilter[];
  addPermission?: Permission | 'admin';
  editPermission?: Permission | 'admin';
  /** CSV / XLSX export of the filtered rows (default on). */
  exportable?: boolean;
  /** Edit from the row menu (default on). */
  editable?: boolean;
  /** Activate / deactivate from the row menu (default on). */
  statusToggle?: boolean;
  deletable?: boolean;
  rowName: (row: T) => string;
  extraActions?: (row: T) => ReactNode;
  renderExpanded?: (row: T) => ReactNode;
  headerActions?: ReactNode;
};

const allowed = (p: Permission | 'admin' | undefined) => p === 'admin' || (p !== undefined && hasPermission(p));

type RowCommands<T> = { toggle: (row: T) => Promise<void>; del: (row: T) => Promise<void> };

/** Activate / deactivate and delete a row, each after its confirmation, with a toast either way. */
function useRowCommands<T extends Row>(props: MasterListProps<T>): RowCommands<T> {
  const action = useMasterAction<T>(props.api);
  const remove = useMasterRemove(props.api);
  const fail = (err: unknown) => toast(err instanceof ApiError ? err.message : 'That did not work. Please try again.', 'error');

  const toggle = async (row: T) => {
    if (!(await confirmAction(CONFIRM_TEXT.statusChange))) {
      return;
    }
    const status = row.status === 'active' ? 'inactive' : 'active';
    action.mutate(
      { url: `${row.id}/status`, body: { status } },
      { onSuccess: () => toast(`${props.rowName(row)} is now ${STATUS_LABEL[status]}.`), onError: fail },
    );
  };
  const del = async (row: T) => {
    if (await confirmAction(CONFIRM_TEXT.delete, 'Delete', true)) {
      remove.mutate(row.id, { onSuccess: () => toast(`${props.rowName(row)} deleted.`), onError: fail });
    }
  };
  return { toggle, del };
}

/** The row menu: view, edit, status, the page's own actions, delete. */
function RowActionsMenu<T extends Row>({ props, row, commands }: { props: MasterListProps<T>; row: T; commands: RowCommands<T> }) {
  const navigate = useNavigate();
  const canEdit = allowed(props.editPermission);
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${props.rowName(row)}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {props.viewPath && <Menu.Item onClick={() => navigate(props.viewPath?.(row) ?? '')}>View</Menu.Item>}
        {canEdit && props.editable !== false && <Menu.Item onClick={() => navigate(`${props.route}/edit/${row.id}`)}>Edit</Menu.Item>}
        {canEdit && props.statusToggle !== false && (
          <Menu.Item color={row.status === 'active' ? 'red' : 'green'} onClick={() => commands.toggle(row)}>
            {row.status === 'active' ? 'Deactivate' : 'Activate'}
          </Menu.Item>
        )}
        {props.extraActions?.(row)}
        {canEdit && props.deletable !== false && (
          <Menu.Item color="red" onClick={() => commands.del(row)}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The page's header buttons: the page's own, then Add when the user may add. */
function HeaderActions<T extends Row>({ props }: { props: MasterListProps<T> }) {
  return (
    <>
      {props.headerActions}
      {allowed(props.addPermission) && (
        <Button component={Link} to={props.addPath ?? `${props.route}/add`} leftSection={<IconPlus size={16} />}>
          {props.addLabel ?? 'Add'}
        </Button>
      )}
    </>
  );
}

/** A master's list page: search, filters, export, the DataTable, and add / edit / status / delete. */
export function MasterListPage<T extends Row>(props: MasterListProps<T>) {
  const params = useListParams(['status', ...(props.filters ?? []).map((f) => f.key)]);
  const listQuery = useMasterList<T>(props.api, params.query);
  const { data } = listQuery;
  const commands = useRowCommands(props);
  const actions: ColumnDef<T, unknown> = {
    id: ROW_ACTIONS_COLUMN,
    header: '',
    cell: ({ row }) => <RowActionsMenu props={props} row={row.original} commands={commands} />,
  };

  return (
    <Page title={props.title} actions={<HeaderActions props={props} />}>
      <ListToolbar
        params={params}
        exportPath={props.exportable === false ? undefined : `/${props.api}/export`}
        exportName={props.api}
        filters={props.filters ?? [STATUS_FILTER]}
      />
      <DataTable
        caption={props.title}
        columns={[...props.columns, actions]}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        page={params.list.page}
        pageSize={params.list.pageSize}
        sort={params.list.sort}
        sortable={props.sortable}
        query={listQuery}
        getRowId={(r) => r.id}
        onPageChange={(page) => params.update({ page })}
        onPageSizeChange={(pageSize) => params.update({ pageSize })}
        onSortChange={(sort) => params.update({ sort })}
        renderExpanded={props.renderExpanded}
      />
    </Page>
  );
}
