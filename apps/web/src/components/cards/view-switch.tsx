import { NativeSelect, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNarrow } from '../layout/use-narrow.ts';
import { optionText } from './card-moves.ts';
import { TOUCH } from './row-card.tsx';

export type ViewOption = {
  value: string;
  label: string;
  /** How many wait in it: the select's option reads "Placed (3)". */
  count?: number | null;
  /** What the tab shows on its right (a count badge). */
  badge?: ReactNode;
};

/**
 * A list's views (statuses, To answer / All, Live / Finished): tabs at 768 px and wider, a labelled
 * select below (record 0296). Both read and write the same value, which the page keeps in the URL.
 */
export function ViewSwitch(props: { label: string; value: string; options: ViewOption[]; onChange: (value: string) => void; mb?: string }) {
  const narrow = useNarrow();
  if (narrow) {
    return (
      <NativeSelect
        label={props.label}
        value={props.value}
        data={props.options.map((o) => ({ value: o.value, label: optionText(o.label, o.count) }))}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        mb={props.mb}
        styles={{ input: { height: TOUCH, minHeight: TOUCH } }}
      />
    );
  }
  return (
    <Tabs value={props.value} onChange={(v) => v !== null && props.onChange(v)} mb={props.mb}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {props.options.map((o) => (
          <Tabs.Tab key={o.value} value={o.value} rightSection={o.badge}>
            {o.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
