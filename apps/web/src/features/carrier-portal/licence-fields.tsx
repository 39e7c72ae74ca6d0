import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * The driver's licence number and date of birth (issue 37), optional and given together: with
 * them SARATHI checks the licence, its validity and whether it covers the vehicle's class. The
 * assign and the change-vehicle dialogs each pass their own input props (value, change, error).
 */
export function LicenceFields(props: { licence: TextInputProps; dob: TextInputProps; description: string }) {
  return (
    <>
      <TextInput label="Driving licence number" description={props.description} placeholder="MH1420110062821" {...props.licence} />
      <TextInput type="date" label="Driver's date of birth" {...props.dob} />
    </>
  );
}

/** An empty field is no licence (the schema takes the pair or neither). */
export const emptyAsNone = (value: string) => (value.trim() === '' ? undefined : value);
