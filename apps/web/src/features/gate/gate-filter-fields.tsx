import { DatePickerInput } from '@mantine/dates';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { toDay } from '../../components/form/date-time.ts';
import { useOpenAtMount } from '../../components/form/field-outline.tsx';
import { ServerSelect } from '../../components/form/server-select.tsx';
import { useGateText } from './gate-words.ts';

type FieldProps<T> = {
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  /** Open at once: the guard tapped its outline. */
  opened: boolean;
};

/** The board's plant, searched on the server. */
export function PlantField({ value, onChange, opened }: FieldProps<number>) {
  const { t } = useGateText();
  const ref = useOpenAtMount<HTMLInputElement>(opened);
  return (
    <ServerSelect
      ref={ref}
      source="plants"
      label={t('filters.plant')}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      allowDeselect={false}
      size="md"
      miw={240}
    />
  );
}

/** The board's day. */
export function DayField({ value, onChange, opened }: FieldProps<string>) {
  const { t } = useGateText();
  const ref = useOpenAtMount<HTMLButtonElement>(opened);
  return (
    <DatePickerInput
      ref={ref}
      label={t('filters.day')}
      valueFormat={DATE_FORMAT}
      value={value ?? null}
      onChange={(v) => onChange(toDay(v) ?? undefined)}
      size="md"
      miw={160}
    />
  );
}
