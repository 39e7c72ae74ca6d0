import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { PAST_GRACE_MINUTES } from '@freightdesk/shared/constants';
import type { OrderDetail } from '@freightdesk/shared/schemas/order-detail';
import { type OfflineOrderInput, type Order, offlineOrderBodySchema, offlineOrderInputSchema } from '@freightdesk/shared/schemas/order';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { indiaTimeToIso, isoToIndiaTime } from '../../components/form/date-time.ts';
import { DropoffList } from '../../components/form/dropoff-list.tsx';
import { EditFormAlerts } from '../../components/form/edit-form-alerts.tsx';
import { useEditForm } from '../../components/form/use-edit-form.ts';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { useEditRecord } from '../../components/master/use-edit-record.ts';
import { useMasterOne } from '../../components/master/use-master.ts';
import type { Dir } from './api/order-paths.ts';
import { useSaveOfflineOrder } from './api/save-offline-order.ts';
import { OfflineOrderFields } from './offline-order-fields.tsx';
import { offlineOrderToInput } from './offline-order-input.ts';

type Mode = 'new' | 'edit';
const FIELDS = Object.keys(offlineOrderInputSchema.shape);
const PAST_PICKUP_QUESTION = 'This pickup is in the past: record it anyway?';
/** An offline order is edited until its vehicle reports at the plant (the server's rule). */
const EDITABLE: readonly Order['status'][] = ['placed', 'vehicle_assigned'];

const isPast = (iso: string | undefined) => Boolean(iso) && new Date(iso as string).getTime() < Date.now() - PAST_GRACE_MINUTES * 60_000;

const DEFAULTS = (dir: Dir): Partial<OfflineOrderInput> => ({
  priceBasis: 'trip',
  vehicleNumber: '',
  driverName: '',
  driverMobile: '',
  externalRef: '',
  pickupAddressId: null,
  dropoffs: dir === 'outbound' ? [{}] : [],
});

/** The record an edit opens (none for a new order), loaded once into the form with its pickup as typed and as recorded. */
function useOfflineRecord(dir: Dir, mode: Mode, form: UseFormReturn<OfflineOrderInput>) {
  const params = useParams();
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const source = useMasterOne<OrderDetail>(`offline-orders/${dir}`, id);
  const [pickup, setPickup] = useState<string | null>(null);
  const [loadedPickup, setLoadedPickup] = useState<string | undefined>();
  const load = useCallback(
    (row: OrderDetail) => {
      form.reset(offlineOrderToInput(row));
      setPickup(isoToIndiaTime(row.pickupAt));
      setLoadedPickup(row.pickupAt);
    },
    [form],
  );
  const record = useEditRecord(source, load, mode === 'edit');
  return { id, source, record, pickup, setPickup, loadedPickup };
}

type OfflineRecord = ReturnType<typeof useOfflineRecord>;

/**
 * The one submit (useEditForm): a past pickup asked first (declined, nothing is sent), then the
 * record or the edit against the version opened; a 409 STALE shows the stale alert with Reload,
 * field errors land on their fields.
 */
function useOfflineSubmit(dir: Dir, mode: Mode, form: UseFormReturn<OfflineOrderInput>, rec: OfflineRecord) {
  const navigate = useNavigate();
  const save = useSaveOfflineOrder(dir, rec.id);
  return useEditForm(form, {
    save: async (values: OfflineOrderInput) => {
      const pickupAt = values.pickupAt as string;
      // An offline order records a load that may have moved already, so the past is asked, not
      // refused; an edit that keeps the recorded pickup is not asked again.
      const changed = mode === 'new' || new Date(pickupAt).getTime() !== new Date(rec.loadedPickup ?? 0).getTime();
      if (changed && isPast(pickupAt) && !(await confirmAction(PAST_PICKUP_QUESTION, 'Record it'))) {
        return null;
      }
      return save.mutateAsync({ body: values, ifMatch: mode === 'edit' ? rec.record.version : undefined });
    },
    onSaved: (saved) => {
      if (!saved) {
        return;
      }
      toast(mode === 'edit' ? `Offline order ${saved.number} saved.` : `Offline order ${saved.number} recorded.`);
      navigate(`/offline/${dir}/order/${saved.id}`);
    },
    reload: rec.record.reload,
    fields: FIELDS,
  });
}

/** What an edit shows instead of the form: the load failed, is still loading, or the vehicle has reported. */
function editBlockedView(dir: Dir, title: string, { source, record }: OfflineRecord) {
  const order = source.data;
  if (source.isError) {
    return (
      <Page title={title}>
        <Alert color="red" role="alert">
          {source.error.message} <Link to={`/offline/${dir}/order`}>Back to the offline orders</Link>
        </Alert>
      </Page>
    );
  }
  if (!record.ready) {
    return <PageQueryState title={title} query={source} loading="Loading the order" failed="The order could not be loaded." />;
  }
  if (order && !EDITABLE.includes(order.status)) {
    return (
      <Page title={title}>
        <Alert color="yellow" role="alert">
          {order.number} has reported at the plant; an offline order is edited only until then.{' '}
          <Link to={`/offline/${dir}/order/${order.id}`}>Open the order</Link>
        </Alert>
      </Page>
    );
  }
  return null;
}

/**
 * `/offline/{dir}/order/new` records a load agreed outside the platform, with carrier and price
 * typed in; `edit/:id` changes it (lane included) until its vehicle reports, saving against the
 * version it opened (a save made meanwhile by someone else is refused, not overwritten).
 */
export function OfflineOrderForm({ dir, mode = 'new' }: { dir: Dir; mode?: Mode }) {
  const form = useForm<OfflineOrderInput>({
    resolver: zodResolver(offlineOrderBodySchema(dir === 'inbound' ? 2 : 1)) as never,
    defaultValues: DEFAULTS(dir),
    // The error summary brings the first bad field (in page order) into view itself.
    shouldFocusError: false,
  });
  const rec = useOfflineRecord(dir, mode, form);
  const edit = useOfflineSubmit(dir, mode, form, rec);
  const title = mode === 'edit' ? `Edit offline ${dir} order ${rec.source.data?.number ?? ''}`.trim() : `New offline ${dir} order`;
  const blocked = mode === 'edit' ? editBlockedView(dir, title, rec) : null;
  if (blocked) {
    return blocked;
  }
  const back = mode === 'edit' && rec.id ? `/offline/${dir}/order/${rec.id}` : `/offline/${dir}/order`;
  return (
    <Page title={title}>
      <form ref={edit.summary.formRef} onSubmit={edit.submit} noValidate>
        <Stack>
          <EditFormAlerts edit={edit} />
          <OfflineOrderFields
            form={form}
            dir={dir}
            pickup={rec.pickup}
            onPickup={(v) => {
              rec.setPickup(v);
              form.setValue('pickupAt', indiaTimeToIso(v) as never, { shouldValidate: form.formState.isSubmitted });
            }}
          />
          {dir === 'outbound' && <DropoffList form={form} />}
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {mode === 'edit' ? 'Save order' : 'Record order'}
            </Button>
            <Button component={Link} to={back} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
