import { Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { toDay } from '../../components/form/date-time.ts';
import { type BooksPeriod, LedgerButton, TallyButton, TdsRegisterButton, yearSoFar } from './bank-file-button.tsx';

/**
 * The books' files of a period: a from–to picker (this financial year so far to begin with) and the
 * TDS register, Tally file and ledger CSV of it.
 */
export function BooksDownloads() {
  const [period, setPeriod] = useState<BooksPeriod>(yearSoFar);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        label="Books period"
        valueFormat={DATE_FORMAT}
        value={[period.from, period.to]}
        onChange={([from, to]) => {
          // Applied once both ends are picked.
          const start = toDay(from);
          const end = toDay(to);
          if (start && end) {
            setPeriod({ from: start, to: end });
          }
        }}
        miw={230}
      />
      <TdsRegisterButton period={period} />
      <TallyButton period={period} />
      <LedgerButton period={period} />
    </Group>
  );
}
