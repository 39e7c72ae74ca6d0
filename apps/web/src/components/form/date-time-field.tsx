import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { DEFAULT_TIME, MINUTE_STEP } from '@freightdesk/shared/constants';
import { firstDayOffered, normaliseDateTime } from './date-time.ts';

type Props = Omit<DateTimePickerProps, 'value' | 'onChange' | 'minDate'> & {
  value: string | null;
  onChange: (value: string | null) => void;
  /** Times where the past makes no sense (pickup, bid end, reporting): past days are not offered. */
  notPast?: boolean;
};

/** The product's date-time picker: Y-m-d, 12:00 by default, minutes in 5-minute steps. */
export function DateTimeField({ value, onChange, notPast, ...rest }: Props) {
  return (
    <DateTimePicker
      valueFormat="YYYY-MM-DD HH:mm"
      defaultTimeValue={`${DEFAULT_TIME}:00`}
      timePickerProps={{ minutesStep: MINUTE_STEP, format: '24h' }}
      clearable
      value={value}
      minDate={notPast ? firstDayOffered(value) : undefined}
      onChange={(v) => onChange(normaliseDateTime(v ? String(v) : null))}
      {...rest}
    />
  );
}
