import { Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { toDay } from '../form/date-time.ts';
import { useOpenAtMount } from '../form/field-outline.tsx';
import { ServerSelect } from '../form/server-select.tsx';
import type { ToolbarDateRange, ToolbarFilter } from './list-toolbar.tsx';
import type { UseListParams } from './use-list-params.ts';

/** One filter: a server list (`source`) or fixed options, 'All' when empty. */
export function FilterSelect({ filter: f, params, opened }: { filter: ToolbarFilter; params: UseListParams; opened: boolean }) {
  const ref = useOpenAtMount<HTMLInputElement>(opened);
  return 'source' in f ? (
    <ServerSelect
      ref={ref}
      source={f.source}
      label={f.label}
      placeholder="All"
      clearable
      emptyHint={false}
      value={params.list.filters[f.key] ?? null}
      onChange={(v) => params.update({ [f.key]: v })}
      miw={180}
    />
  ) : (
    <Select
      ref={ref}
      label={f.label}
      placeholder="All"
      clearable
      data={f.options}
      value={params.list.filters[f.key] ?? null}
      onChange={(v) => params.update({ [f.key]: v })}
      miw={160}
    />
  );
}

/** A from–to day range filter. */
export function DateRangeFilter({ range: d, params, opened }: { range: ToolbarDateRange; params: UseListParams; opened: boolean }) {
  const ref = useOpenAtMount<HTMLButtonElement>(opened);
  return (
    <DatePickerInput
      ref={ref}
      type="range"
      allowSingleDateInRange
      label={d.label}
      placeholder="Any day"
      valueFormat={DATE_FORMAT}
      clearable
      value={[params.list.filters[d.from] ?? null, params.list.filters[d.to] ?? null]}
      onChange={([from, to]) => {
        // Apply once both ends are picked, or when cleared.
        if ((from && to) || (!from && !to)) {
          params.update({ [d.from]: toDay(from), [d.to]: toDay(to) });
        }
      }}
      miw={230}
    />
  );
}
