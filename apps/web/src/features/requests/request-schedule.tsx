import { Checkbox } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { RequestInput } from '@freightdesk/shared/schemas/request';
import { indiaTimeToIso, isoToIndiaTime } from '../../components/form/date-time.ts';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { NumberTextInput } from '../../components/form/number-input.tsx';

type TimeName = 'bidStartAt' | 'bidEndAt' | 'pickupAt';
type Times = Record<TimeName, string | null>;
const NO_TIMES: Times = { bidStartAt: null, bidEndAt: null, pickupAt: null };

/**
 * The request's schedule: bid window and pickup as picked (India time), and "Start bidding now",
 * which opens the window on submit and runs it for the minutes given.
 */
export function useRequestSchedule(form: UseFormReturn<RequestInput>) {
  const [times, setTimes] = useState<Times>(NO_TIMES);
  const [startNow, setStartNow] = useState(false);
  const [runMinutes, setRunMinutes] = useState<number | undefined>(60);
  /** Shows a loaded request's times in the pickers. */
  const load = useCallback((values: Pick<RequestInput, TimeName>) => {
    setTimes({
      bidStartAt: isoToIndiaTime(values.bidStartAt as string | undefined),
      bidEndAt: isoToIndiaTime(values.bidEndAt as string | undefined),
      pickupAt: isoToIndiaTime(values.pickupAt as string | undefined),
    });
  }, []);
  /** Runs a submit handler with the bid window set to now + the minutes, when bidding starts now. */
  const withWindow = (handler: (e?: React.BaseSyntheticEvent) => Promise<void>) => (e?: React.BaseSyntheticEvent) => {
    if (startNow) {
      const now = Date.now();
      form.setValue('bidStartAt', new Date(now).toISOString() as never);
      const minutes = Number.isFinite(runMinutes) ? (runMinutes ?? 0) : 0;
      form.setValue('bidEndAt', new Date(now + minutes * 60_000).toISOString() as never);
    }
    return handler(e);
  };
  return { form, times, setTimes, startNow, setStartNow, runMinutes, setRunMinutes, load, withWindow };
}

type Schedule = ReturnType<typeof useRequestSchedule>;

function TimeField({ schedule, name, label }: { schedule: Schedule; name: TimeName; label: string }) {
  const { form, times, setTimes } = schedule;
  return (
    <DateTimeField
      label={label}
      withAsterisk
      // Bid start may be now or passed (the window opens at once); bid end and pickup may not.
      notPast={name !== 'bidStartAt'}
      value={times[name]}
      onChange={(v) => {
        setTimes((t) => ({ ...t, [name]: v }));
        form.setValue(name, indiaTimeToIso(v) as never, { shouldValidate: form.formState.isSubmitted });
      }}
      error={form.formState.errors[name]?.message}
    />
  );
}

/** The bid window (or how long bidding runs from now), the pickup date, and "Start bidding now". */
export function ScheduleFields({ schedule }: { schedule: Schedule }) {
  const { form, startNow, setStartNow, runMinutes, setRunMinutes } = schedule;
  const bidEndError = form.formState.errors.bidEndAt?.message;
  return (
    <>
      {startNow ? (
        <NumberTextInput
          label="Bidding runs for (minutes)"
          description={bidEndError ? undefined : 'Opens as soon as you publish'}
          withAsterisk
          decimals={0}
          value={runMinutes}
          onChange={setRunMinutes}
          error={bidEndError}
        />
      ) : (
        <>
          <TimeField schedule={schedule} name="bidStartAt" label="Bid start" />
          <TimeField schedule={schedule} name="bidEndAt" label="Bid end" />
        </>
      )}
      <TimeField schedule={schedule} name="pickupAt" label="Pickup Date" />
      <Checkbox
        label="Start bidding now"
        checked={startNow}
        onChange={(e) => setStartNow(e.currentTarget.checked)}
        style={{ alignSelf: 'end' }}
      />
    </>
  );
}
