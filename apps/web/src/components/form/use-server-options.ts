import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryClient, useQueries } from '@tanstack/react-query';
import { useRef } from 'react';
import { OPTIONS_MAX_IDS, type OptionRow, type OptionsResponse } from '@freightdesk/shared/schemas/options-rows';
import { api } from '../../lib/api.ts';
import { OPTION_SOURCES, type SourceName } from './option-sources.ts';

/** One row of a picker: `value` is the id, or `source:id` when several masters feed the picker. */
export type PickerOption = { value: string; label: string; source: SourceName; row: OptionRow };

/** How long typing rests before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Cached under the master's own key, so saving a location refreshes every location picker. */
const keyOf = (name: SourceName) => OPTION_SOURCES[name].path.split('/')[0] ?? name;

export function optionValue(names: readonly SourceName[], name: SourceName, id: number): string {
  return names.length > 1 ? `${name}:${id}` : String(id);
}

/** The source and id a picker value stands for. */
export function parseOptionValue(names: readonly SourceName[], value: string): { source: SourceName; id: number } | null {
  if (names.length === 1) {
    const [only] = names;
    return only && /^\d+$/.test(value) ? { source: only, id: Number(value) } : null;
  }
  const [name, id] = value.split(':');
  const source = names.find((n) => n === name);
  return source && id && /^\d+$/.test(id) ? { source, id: Number(id) } : null;
}

type Seen = Map<string, PickerOption>;

const toOption = (names: readonly SourceName[], name: SourceName, row: OptionRow): PickerOption => ({
  value: optionValue(names, name, row.id),
  label: row.label,
  source: name,
  row,
});

/** The server's rows for the search, each master asked on its own; every row is remembered in `seen`. */
function useSearchedOptions(names: readonly SourceName[], debounced: string, seen: Seen) {
  const found = useQueries({
    queries: names.map((name) => ({
      queryKey: [keyOf(name), 'options', debounced],
      queryFn: () => api.get<OptionsResponse>(`/${OPTION_SOURCES[name].path}`, { search: debounced }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    })),
  });
  const results = names.flatMap((name, i) => (found[i]?.data?.data ?? []).map((row) => toOption(names, name, row)));
  for (const option of results) {
    seen.set(option.value, option);
  }
  return { found, results };
}

/** The labels of chosen values no search has shown, asked by `ids` and remembered in `seen`. */
function useChosenLabels(names: readonly SourceName[], chosen: readonly string[], seen: Seen) {
  const missing = (name: SourceName) =>
    chosen
      .filter((v) => !seen.has(v))
      .map((v) => parseOptionValue(names, v))
      .filter((p) => p?.source === name)
      .map((p) => p?.id ?? 0);
  const labelled = useQueries({
    queries: names.map((name) => {
      const ids = missing(name);
      return {
        queryKey: [keyOf(name), 'options', 'ids', ids],
        queryFn: () => api.get<OptionsResponse>(`/${OPTION_SOURCES[name].path}`, { ids: ids.join(',') }),
        enabled: ids.length > 0,
        staleTime: 60_000,
      };
    }),
  });
  names.forEach((name, i) => {
    for (const row of labelled[i]?.data?.data ?? []) {
      const option = toOption(names, name, row);
      seen.set(option.value, option);
    }
  });
  return labelled;
}

/**
 * A picker's rows, searched on the server as the user types (debounced), plus the labels of the
 * values already chosen (asked by `ids` when no search has shown them): never the whole master.
 */
export function useServerOptions(names: readonly SourceName[], search: string, chosen: readonly string[]) {
  const seen = useRef<Seen>(new Map());
  // Mantine shows the chosen value's label in the search box: that is not a search, so a picker
  // with a value opens on every row (not only on the one already chosen).
  const trimmed = search.trim();
  const query = chosen.some((v) => seen.current.get(v)?.label === trimmed) ? '' : trimmed;
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const { found, results } = useSearchedOptions(names, debounced, seen.current);
  const labelled = useChosenLabels(names, chosen, seen.current);
  // Remembered from the last unfiltered answer, so the hint stays while the user types.
  const empty = useRef(false);
  if (debounced === '' && found.every((q) => q.isSuccess && !q.isPlaceholderData)) {
    empty.current = results.length === 0;
  }
  return {
    /** The server's rows for the search (at most 50 per master). */
    results,
    /** The chosen values with their labels, as far as known. */
    chosen: chosen.flatMap((v) => seen.current.get(v) ?? []),
    searched: debounced,
    loading: found.some((q) => q.isFetching) || labelled.some((q) => q.isFetching),
    more: found.some((q) => q.data?.more),
    /** Nothing to pick at all: the master is empty for this user (not merely no match). */
    empty: empty.current,
    error: found.find((q) => q.error)?.error ?? null,
  };
}

/**
 * Asks the labels of many chosen ids at once (a hundred a call) and keeps each where a picker
 * holding that one id looks for it, so a form filled with hundreds of rows (an imported sheet)
 * does not ask once per picker. Answers the ids the master knows.
 */
export async function preloadOptionLabels(client: QueryClient, name: SourceName, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  const found = new Set<number>();
  for (let i = 0; i < unique.length; i += OPTIONS_MAX_IDS) {
    const chunk = unique.slice(i, i + OPTIONS_MAX_IDS);
    const { data } = await api.get<OptionsResponse>(`/${OPTION_SOURCES[name].path}`, { ids: chunk.join(',') });
    for (const row of data) {
      found.add(row.id);
      client.setQueryData<OptionsResponse>([keyOf(name), 'options', 'ids', [row.id]], { data: [row], more: false });
    }
  }
  return found;
}
