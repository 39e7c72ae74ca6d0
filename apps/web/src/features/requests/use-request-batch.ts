import { useState } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { RequestInput } from '@freightdesk/shared/schemas/request';
import { toast } from '../../components/feedback/feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import type { Direction } from './request-list.tsx';
import type { useRequestSchedule } from './request-schedule.tsx';
import { usePublishRequestBatch } from './api/save-request.ts';

type Options = {
  dir: Direction;
  form: UseFormReturn<RequestInput>;
  schedule: ReturnType<typeof useRequestSchedule>;
  onInvalid: (errors: FieldErrors<RequestInput>) => void;
  onError: (message: string | null) => void;
};

/**
 * Several similar loads raised together: each checked form's values join the batch (the form
 * stays filled for the next one), and the batch is published in one call.
 */
export function useRequestBatch({ dir, form, schedule, onInvalid, onError }: Options) {
  const navigate = useNavigate();
  const publishBatch = usePublishRequestBatch(dir);
  const [batch, setBatch] = useState<RequestInput[]>([]);
  const add = (e?: React.BaseSyntheticEvent) => {
    form.setValue('publish', true);
    return schedule.withWindow(
      form.handleSubmit((values) => {
        setBatch((b) => [...b, values]);
        toast(`Added to the batch (${batch.length + 1}). Change what differs for the next load.`);
      }, onInvalid),
    )(e);
  };
  const publish = async () => {
    onError(null);
    try {
      const published = await publishBatch.mutateAsync(batch);
      toast(`${published.length} requests published: ${published.map((r) => r.number).join(', ')}.`);
      navigate(`/request/${dir}`);
    } catch (err) {
      onError(err instanceof ApiError ? err.message : 'The batch could not be published.');
    }
  };
  const remove = (i: number) => setBatch((b) => b.filter((_, j) => j !== i));
  return { batch, add, publish, remove };
}
