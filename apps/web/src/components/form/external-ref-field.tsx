import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/**
 * The ERP's own reference of a request, indent or offline order (issue 34): optional, at most 64
 * characters (the shared schema says so when longer; never cut here), unique within the company.
 */
export const ExternalRefField = forwardRef<HTMLInputElement, TextInputProps>(function ExternalRefField(props, ref) {
  return <TextInput ref={ref} label="ERP reference" description="Your ERP's own number, if it has one" autoComplete="off" {...props} />;
});
