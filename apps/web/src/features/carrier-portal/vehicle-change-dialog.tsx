import { Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type ChangeVehicleBody, changeVehicleBodySchema } from '@freightdesk/shared/schemas/execution';
import type { Order } from '@freightdesk/shared/schemas/order';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import type { CarrierVehicle } from '@freightdesk/shared/schemas/carrier-vehicles';
import { sendVehicleChange, useInvalidateOrders } from './api/order-moves.ts';
import { keptText } from './order-moves.ts';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { VehicleNumberInput } from './vehicle-number-input.tsx';
import { emptyAsNone, LicenceFields } from './licence-fields.tsx';
import { type Driver, driverAfterPick } from './vehicle-pick.ts';

const FIELDS = Object.keys(changeVehicleBodySchema.shape);

/** The change form: its values checked by the shared schema, the submit, and the driver filled from a picked vehicle. */
function useVehicleChangeForm(order: Order, onClose: () => void) {
  const invalidateOrders = useInvalidateOrders();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangeVehicleBody>({
    resolver: zodResolver(changeVehicleBodySchema),
    defaultValues: {
      vehicleNumber: order.vehicleNumber ?? '',
      driverName: order.driverName ?? '',
      driverMobile: order.driverMobile ?? '',
      reason: '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      // Without network the change is kept on the phone and sent when the network returns.
      const outcome = await sendVehicleChange(order, values);
      const now = outcome.kind === 'sent' ? (outcome.answer.data.vehicleNumber ?? values.vehicleNumber) : null;
      toast(now ? `${order.number}: vehicle changed to ${now}.` : keptText(`the change to ${values.vehicleNumber}`, order));
      invalidateOrders();
      onClose();
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  // What the dialog put in the driver fields itself (the order's, or a picked vehicle's last driver).
  const [filled, setFilled] = useState<Driver>({ driverName: order.driverName ?? '', driverMobile: order.driverMobile ?? '' });
  /** The picked vehicle's number, and its last driver unless someone typed another one. */
  const pick = (vehicle: CarrierVehicle, onChange: (value: string) => void) => {
    const current = { driverName: form.getValues('driverName'), driverMobile: form.getValues('driverMobile') };
    const next = driverAfterPick(current, filled, vehicle);
    onChange(vehicle.vehicleNumber);
    form.setValue('driverName', next.driver.driverName, { shouldDirty: true });
    form.setValue('driverMobile', next.driver.driverMobile, { shouldDirty: true });
    setFilled(next.filled);
  };
  return { form, error, submit, pick };
}

/** The new vehicle, its driver and the reason. */
function VehicleChangeFields({ form, pick }: Pick<ReturnType<typeof useVehicleChangeForm>, 'form' | 'pick'>) {
  const { errors } = form.formState;
  return (
    <>
      <Controller
        control={form.control}
        name="vehicleNumber"
        render={({ field }) => (
          <VehicleNumberInput
            value={field.value}
            onChange={field.onChange}
            onPick={(vehicle) => pick(vehicle, field.onChange)}
            error={errors.vehicleNumber?.message}
          />
        )}
      />
      <TextInput label="Driver name" withAsterisk {...form.register('driverName')} error={errors.driverName?.message} />
      <TextInput
        label="Driver mobile"
        withAsterisk
        placeholder="10-digit mobile"
        {...form.register('driverMobile')}
        error={errors.driverMobile?.message}
      />
      <LicenceFields
        description="Optional: the same driver keeps the licence given before; a new driver's is checked by SARATHI"
        licence={{ ...form.register('driverLicenceNumber', { setValueAs: emptyAsNone }), error: errors.driverLicenceNumber?.message }}
        dob={{ ...form.register('driverDob', { setValueAs: emptyAsNone }), error: errors.driverDob?.message }}
      />
      <Textarea
        label="Reason for the change"
        withAsterisk
        placeholder="e.g. Breakdown on the way to the plant"
        autosize
        minRows={2}
        maxLength={300}
        {...form.register('reason')}
        error={errors.reason?.message}
      />
    </>
  );
}

/**
 * Another vehicle or driver on an assigned or reported order, with the reason: the old and the new
 * vehicle go on the order's timeline and the shipper is told.
 */
export function VehicleChangeDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { form, error, submit, pick } = useVehicleChangeForm(order, onClose);
  return (
    <Modal opened onClose={onClose} title={`Change the vehicle of ${order.number}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Now on the order: {order.vehicleNumber ?? 'no vehicle'}
            {order.driverName ? ` · ${order.driverName}` : ''}. The shipper sees the change and your reason.
          </Text>
          <VehicleChangeFields form={form} pick={pick} />
          <DialogFooter error={error} onCancel={onClose}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Change vehicle
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}
