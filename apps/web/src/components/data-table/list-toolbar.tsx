import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { SourceName } from '../form/option-sources.ts';
import { DeferredMenu, lazyPart } from '../../lib/lazy-part.tsx';
import { ExportButton } from './export-button.tsx';
import { DeferredField } from '../form/field-outline.tsx';
import type { UseListParams } from './use-list-params.ts';
import { searchBoxAfterUrlChange } from './search-box.ts';
import { useNarrow } from '../layout/use-narrow.ts';

/** A select filter: fixed options, or a master searched on the server (`source`, e.g. plants). */
export type ToolbarFilter = { key: string; label: string } & ({ options: { value: string; label: string }[] } | { source: SourceName });
/** A day range filter: two list params (YYYY-MM-DD) under one picker, e.g. Pickup Date. */
export type ToolbarDateRange = { from: string; to: string; label: string };

// The filters' selects and pickers and the export menu float: their code comes at the first tap
// (a filter over a master once the page has settled), its outline or button standing in until
// then (record 0322).
const FilterSelect = lazyPart(() => import('./toolbar-filters.tsx').then((m) => m.FilterSelect));
const DateRangeFilter = lazyPart(() => import('./toolbar-filters.tsx').then((m) => m.DateRangeFilter));
const ExportMenu = lazyPart(() => import('./export-menu.tsx').then((m) => m.ExportMenu));

/**
 * Search, select filters, extra controls (`children`) and CSV / XLSX export of the filtered rows,
 * bound to the URL list params. Each filter's `key` must be among the keys given to useListParams.
 */
export function ListToolbar({
  params,
  filters = [],
  dateRanges = [],
  exportPath,
  exportName,
  searchLabel = 'Search',
  searchPlaceholder = 'Type to search',
  search = true,
  children,
}: {
  params: UseListParams;
  filters?: ToolbarFilter[];
  dateRanges?: ToolbarDateRange[];
  exportPath?: string;
  exportName?: string;
  searchLabel?: string;
  /** What the empty search box suggests (default 'Type to search'). */
  searchPlaceholder?: string;
  /** Show the search box (default on). */
  search?: boolean;
  children?: ReactNode;
}) {
  const box = useSearchBox(params);
  const active = Boolean(params.list.search) || Object.keys(params.list.filters).length > 0;
  // The export takes the list's filters and search, not its page.
  const { page: _p, pageSize: _s, ...exportQuery } = params.query;
  // Below 768 px one control a line, each the full width (record 0296).
  const narrow = useNarrow();
  return (
    <Group mb="md" gap="sm" align={narrow ? 'stretch' : 'flex-end'} wrap="wrap" style={narrow ? { flexDirection: 'column' } : undefined}>
      {search && (
        <TextInput
          label={searchLabel}
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={box.text}
          onChange={(e) => box.type(e.currentTarget.value)}
          miw={220}
        />
      )}
      <Filters filters={filters} dateRanges={dateRanges} params={params} />
      {children}
      {active && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={box.clear}>
          Clear filters
        </Button>
      )}
      {exportPath && (
        <DeferredMenu
          part={ExportMenu}
          props={{ path: exportPath, query: exportQuery, name: exportName ?? 'export' }}
          button={(handlers) => <ExportButton aria-haspopup="menu" {...handlers} />}
        />
      )}
    </Group>
  );
}

/**
 * A filter's outline: its chosen option's label; a master's (`source`) is known only to its select,
 * which is therefore drawn once the page has settled.
 */
function filterOutline(f: ToolbarFilter, params: UseListParams) {
  const value = params.list.filters[f.key];
  const text = 'options' in f ? (f.options.find((o) => o.value === value)?.label ?? '') : '';
  return {
    kind: 'select',
    label: f.label,
    value: text,
    placeholder: 'All',
    miw: 'source' in f ? 180 : 160,
    settle: 'source' in f,
  } as const;
}

/** A day range's text as its picker shows it (the list params are YYYY-MM-DD, DATE_FORMAT). */
function rangeText(d: ToolbarDateRange, params: UseListParams): string {
  const from = params.list.filters[d.from];
  const to = params.list.filters[d.to];
  return from && to ? `${from} – ${to}` : '';
}

/** The select filters and the day ranges, each drawn at its first tap (record 0322). */
function Filters({ filters, dateRanges, params }: { filters: ToolbarFilter[]; dateRanges: ToolbarDateRange[]; params: UseListParams }) {
  return (
    <>
      {filters.map((f) => (
        <DeferredField key={f.key} {...filterOutline(f, params)}>
          {(fallback, opened) => <FilterSelect filter={f} params={params} opened={opened} fallback={fallback} />}
        </DeferredField>
      ))}
      {dateRanges.map((d) => (
        <DeferredField key={d.from} kind="picker" label={d.label} value={rangeText(d, params)} placeholder="Any day" miw={230}>
          {(fallback, opened) => <DateRangeFilter range={d} params={params} opened={opened} fallback={fallback} />}
        </DeferredField>
      ))}
    </>
  );
}

/** The search box's text, pushed to the URL after a pause, and Clear filters. */
function useSearchBox(params: UseListParams) {
  const urlSearch = params.list.search ?? '';
  const [text, setText] = useState(urlSearch);
  // The value last pushed to the URL, until its echo arrives (search-box.ts).
  const pushed = useRef<string | undefined>(undefined);
  const push = useDebouncedCallback((v: string) => {
    pushed.current = v.trim();
    params.update({ search: v.trim() || undefined });
  }, 350);
  // Follow the URL (back, clear filters), but not the late echo of the box's own push.
  useEffect(() => {
    const lastPushed = pushed.current;
    pushed.current = undefined;
    setText((t) => searchBoxAfterUrlChange(t, urlSearch, lastPushed));
  }, [urlSearch]);
  const type = (value: string) => {
    setText(value);
    push(value);
  };
  const clear = () => {
    const patch: Record<string, null> = { search: null };
    for (const key of Object.keys(params.list.filters)) {
      patch[key] = null;
    }
    setText('');
    pushed.current = undefined;
    params.update(patch);
  };
  return { text, type, clear };
}
