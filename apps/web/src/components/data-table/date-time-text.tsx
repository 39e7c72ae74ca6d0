import type { ReactNode } from 'react';
import { dateTimeParts } from './one-line.ts';

/**
 * A cell's value; a date and time (`30 Nov 2026, 01:31 am IST`) breaks only between the two (one-line.ts
 * `dateTimeParts`). A plain function, so DataTable adds no component to each of a page's cells.
 */
export function dateTimeNode(value: ReactNode): ReactNode {
  const parts = dateTimeParts(value);
  if (!parts) {
    return value;
  }
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{parts[0]}</span> <span style={{ whiteSpace: 'nowrap' }}>{parts[1]}</span>
    </>
  );
}

/** `dateTimeNode` for a table written by hand. */
export function DateTimeText({ value }: { value: ReactNode }): ReactNode {
  return dateTimeNode(value);
}
