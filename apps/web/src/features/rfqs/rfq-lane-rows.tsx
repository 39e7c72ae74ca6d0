import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { PAGE_SIZES } from '@freightdesk/shared/constants';
import { MAX_RFQ_LANES } from '@freightdesk/shared/schemas/rfq';
import { ListFooter } from '../../components/data-table/list-footer.tsx';
import { emptyLane, type LaneRow, type RfqFormValues } from './rfq-form-values.ts';
import { LaneFields } from './rfq-lane-fields.tsx';
import { mergeLanes } from './rfq-lane-import.ts';
import { lanesWithErrors, lastLanePage, pageOfLane } from './rfq-lane-pages.ts';
import { type HowToAdd, ImportLanes } from './rfq-lanes-import.tsx';
import { indianNumber } from '@freightdesk/shared/indian-number';

const [FIRST_SIZE = 25] = PAGE_SIZES;

/** Which page of lanes the form shows; the form moves it to a lane with an error on a refused save. */
export function useLanePager() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(FIRST_SIZE);
  /** Shows the page of the first of these lanes (0-based; the ones with errors), if any. */
  const showFirstError = useCallback(
    (lanes: readonly number[]) => {
      const [first] = lanes;
      if (first !== undefined) {
        setPage(pageOfLane(first, pageSize));
      }
    },
    [pageSize],
  );
  return { page, pageSize, setPage, setPageSize, showFirstError };
}
export type LanePager = ReturnType<typeof useLanePager>;

/** Lanes with an error on other pages than the one shown, each a link to its page. */
function ErrorsElsewhere({ lanes, pager }: { lanes: number[]; pager: LanePager }) {
  if (!lanes.length) {
    return null;
  }
  return (
    <Text c="red" size="sm" mb="xs" role="status">
      Lanes to fix on other pages:{' '}
      {lanes.slice(0, 20).map((i, k) => (
        <span key={i}>
          {k > 0 && ', '}
          <Anchor component="button" type="button" size="sm" c="red.8" onClick={() => pager.setPage(pageOfLane(i, pager.pageSize))}>
            lane {i + 1}
          </Anchor>
        </span>
      ))}
      {lanes.length > 20 && ` and ${lanes.length - 20} more`}
    </Text>
  );
}

/** The lanes' field array, the page of it shown, and what adding, removing and importing lanes does to that page. */
function useLaneRows(form: UseFormReturn<RfqFormValues>, pager: LanePager) {
  const lanes = useFieldArray({ control: form.control, name: 'lanes' });
  const errors = form.formState.errors;
  const count = lanes.fields.length;
  const { pageSize, setPage } = pager;
  const page = Math.min(pager.page, lastLanePage(count, pageSize));
  const start = (page - 1) * pageSize;
  const shown = lanes.fields.slice(start, start + pageSize);
  const elsewhere = lanesWithErrors(errors.lanes).filter((i) => i < start || i >= start + pageSize);
  const { remove, append, replace } = lanes;
  const top = useRef<HTMLDivElement>(null);
  // Another page from the footer: its first lane is read from the top, not from where the footer was.
  const turnTo = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView({ block: 'start' });
  };
  const onRemove = useCallback((i: number) => remove(i), [remove]);
  const addLane = () => {
    append(emptyLane());
    setPage(lastLanePage(count + 1, pageSize));
  };
  const onImport = (rows: LaneRow[], how: HowToAdd) => {
    const merged = mergeLanes(form.getValues('lanes'), rows, how);
    replace(merged);
    form.clearErrors('lanes');
    // The first of the sheet's lanes is shown.
    setPage(pageOfLane(merged.length - rows.length, pageSize));
  };
  const resize = (size: number) => {
    pager.setPageSize(size);
    setPage(pageOfLane(start, size));
  };
  return { count, page, start, shown, elsewhere, top, turnTo, onRemove, addLane, onImport, resize };
}

/**
 * The RFQ's lanes, typed in rows or imported from a sheet, a page at a time (an RFQ has up to a
 * thousand lanes; all of them at once froze the browser).
 */
export function LaneRows({ form, pager }: { form: UseFormReturn<RfqFormValues>; pager: LanePager }) {
  const rows = useLaneRows(form, pager);
  const { count, start } = rows;
  const errors = form.formState.errors;
  const listError = errors.lanes?.message ?? errors.lanes?.root?.message;
  return (
    <div ref={rows.top}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          Lanes <span style={{ color: 'var(--mantine-color-red-6)' }}>*</span>
          {count > 1 && (
            <Text span c="dimmed" size="sm" ml="xs">
              {indianNumber(count)} lanes
            </Text>
          )}
        </Text>
        <ImportLanes current={() => form.getValues('lanes')} onImport={rows.onImport} />
      </Group>
      {listError && (
        <Text c="red" size="sm" mb="xs" data-path="lanes" data-label="Lanes">
          {listError}
        </Text>
      )}
      <ErrorsElsewhere lanes={rows.elsewhere} pager={pager} />
      {rows.shown.map((f, k) => (
        <LaneFields key={f.id} form={form} index={start + k} canRemove={count > 1} onRemove={rows.onRemove} />
      ))}
      {count > FIRST_SIZE && (
        <ListFooter total={count} page={rows.page} pageSize={pager.pageSize} onPageChange={rows.turnTo} onPageSizeChange={rows.resize} />
      )}
      <Button
        mt="sm"
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        disabled={count >= MAX_RFQ_LANES}
        onClick={rows.addLane}
      >
        Add lane
      </Button>
    </div>
  );
}
