import { DatePickerInput } from '@mantine/dates';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { toDay } from '../../components/form/date-time.ts';
import { ServerSelect } from '../../components/form/server-select.tsx';
import { useGateText } from './gate-words.ts';

/** The board's plant, searched on the server. */
export function PlantField({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useGateText();
  return (
    <ServerSelect
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
export function DayField({ value, onChange }: { value: string | undefined; onChange: (day: string | undefined) => void }) {
  const { t } = useGateText();
  return (
    <DatePickerInput
      label={t('filters.day')}
      valueFormat={DATE_FORMAT}
      value={value ?? null}
      onChange={(v) => onChange(toDay(v) ?? undefined)}
      size="md"
      miw={160}
    />
  );
}
