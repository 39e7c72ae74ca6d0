import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { type FieldPath, type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';

const CoordinateMap = lazy(() => import('./coordinate-map.tsx'));

/** The map under a form's latitude / longitude fields: a click fills both. */
export function CoordinatePicker<V extends FieldValues>({
  form,
  lat,
  lng,
}: {
  form: UseFormReturn<V>;
  lat: FieldPath<V>;
  lng: FieldPath<V>;
}) {
  const [latValue, lngValue] = useWatch({ control: form.control, name: [lat, lng] });
  const pick = (a: number, b: number) => {
    form.setValue(lat, a as never, { shouldDirty: true, shouldValidate: true });
    form.setValue(lng, b as never, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <CoordinateMap lat={latValue as number | undefined} lng={lngValue as number | undefined} onPick={pick} />
    </Suspense>
  );
}
