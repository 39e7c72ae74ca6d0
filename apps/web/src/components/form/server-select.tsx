import {
  Anchor,
  type ComboboxItem,
  type ComboboxParsedItem,
  Loader,
  MultiSelect,
  type MultiSelectProps,
  Select,
  type SelectProps,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { OPTIONS_LIMIT, type OptionRow } from '@freightdesk/shared/schemas/options-rows';
import { useSession } from '../../lib/session.ts';
import { emptyHint, OPTION_SOURCES, type SourceName } from './option-sources.ts';
import { type PickerOption, useServerOptions } from './use-server-options.ts';

/** The row that says a search shows only the first rows (never selectable). */
const MORE = '__more__';

type Sources = SourceName | readonly SourceName[];
const list = (source: Sources): readonly SourceName[] => (typeof source === 'string' ? [source] : source);

/** Why a picker is empty and how to fill it: a link to where entries are added, or whom to ask. */
function EmptyHint({ names }: { names: readonly SourceName[] }) {
  const session = useSession();
  const hint = emptyHint(
    names.map((n) => OPTION_SOURCES[n]),
    session,
  );
  if (!hint.links.length) {
    return <>{hint.text} — ask your administrator to add one.</>;
  }
  return (
    <>
      {hint.text} — add one under{' '}
      {hint.links.map((l, i) => (
        <span key={l.to}>
          {i > 0 && ' or '}
          <Anchor component={Link} to={l.to} size="xs">
            {l.where}
          </Anchor>
        </span>
      ))}
      .
    </>
  );
}

/**
 * The shared state of both variants: server rows for what is typed, the chosen values kept in the
 * data (Mantine shows a value only when it is among the options), the empty and error hints.
 */
function usePicker(names: readonly SourceName[], chosen: readonly string[], description: ReactNode, withHint: boolean) {
  const [search, setSearch] = useState('');
  const options = useServerOptions(names, search, chosen);
  const inResults = new Set(options.results.map((o) => o.value));
  // Mantine puts the chosen label into the search box: that is not a search.
  const typed = options.chosen.some((o) => o.label === search) ? '' : options.searched;
  const hidden = new Set(typed ? options.chosen.filter((o) => !inResults.has(o.value)).map((o) => o.value) : []);
  const rows = [...options.results, ...options.chosen.filter((o) => !inResults.has(o.value))];
  const toItem = (o: PickerOption): ComboboxItem => ({ value: o.value, label: o.label });
  const grouped = names.length > 1;
  const data = grouped
    ? names.map((n) => ({ group: OPTION_SOURCES[n].group, items: rows.filter((o) => o.source === n).map(toItem) }))
    : rows.map(toItem);
  const more = options.more ? [{ value: MORE, label: `Showing the first ${OPTIONS_LIMIT} — type to find others`, disabled: true }] : [];
  const filter = ({ options: parsed }: { options: ComboboxParsedItem[] }): ComboboxParsedItem[] =>
    parsed.flatMap((item): ComboboxParsedItem[] => {
      if ('group' in item) {
        const items = item.items.filter((i) => !hidden.has(i.value));
        return items.length ? [{ ...item, items }] : [];
      }
      return hidden.has(item.value) ? [] : [item];
    });
  const hint = options.error ? (
    `Could not load the ${names.map((n) => OPTION_SOURCES[n].noun).join(' or ')}: ${options.error.message}`
  ) : options.empty && withHint ? (
    <EmptyHint names={names} />
  ) : null;
  return {
    find: (value: string) => rows.find((o) => o.value === value),
    props: {
      data: [...data, ...more],
      searchable: true,
      // The error summary focuses a bad picker: the field and its message stay visible until the user opens it.
      openOnFocus: false,
      searchValue: search,
      onSearchChange: setSearch,
      filter,
      nothingFoundMessage: options.empty ? <EmptyHint names={names} /> : typed ? `Nothing matches “${typed}”` : 'Type to search',
      rightSection: options.loading ? <Loader size={14} /> : undefined,
      description:
        hint && description ? (
          <>
            {description} {hint}
          </>
        ) : (
          (hint ?? description)
        ),
      inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
    },
  };
}

type SingleProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter' | 'searchable'> & {
  /** The master (or masters, grouped) the picker searches. */
  source: Sources;
  /** The chosen id (`source:id` with several masters), or null. */
  value: string | null;
  onChange: (value: string | null, row: OptionRow | null) => void;
  /** Say under the field why it is empty and how to fill it (off for list filters). */
  emptyHint?: boolean;
};

/**
 * A picker that searches its master on the server as the user types (one value). A required one
 * keeps its choice when the chosen option is clicked again (Mantine would clear it: a user who
 * clicks to confirm the plant lost it, and the form then said "choose a plant").
 */
export function ServerSelect({ source, value, onChange, description, emptyHint: withHint = true, ...props }: SingleProps) {
  const names = list(source);
  const picker = usePicker(names, value ? [value] : [], description, withHint);
  const allowDeselect = props.allowDeselect ?? !(props.withAsterisk || props.required);
  return (
    <Select
      {...props}
      {...picker.props}
      allowDeselect={allowDeselect}
      value={value}
      onChange={(v) => onChange(v, v ? (picker.find(v)?.row ?? null) : null)}
    />
  );
}

type MultiProps = Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter' | 'searchable'> & {
  source: Sources;
  value: string[];
  onChange: (value: string[]) => void;
};

/** A picker of several values that searches its master on the server as the user types. */
export function ServerMultiSelect({ source, value, onChange, description, ...props }: MultiProps) {
  const picker = usePicker(list(source), value, description, true);
  return <MultiSelect {...props} {...picker.props} value={value} onChange={onChange} />;
}
