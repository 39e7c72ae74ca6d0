import { useMediaQuery } from '@mantine/hooks';

/**
 * Below 768 px (Mantine's `sm` breakpoint, 48em): a phone, or a tablet held upright. Lists show
 * cards instead of tables and tab bars become a select there (record 0296).
 */
export const NARROW_QUERY = '(max-width: 47.99em)';

/** True below 768 px; read on the first render, so a phone never draws the table first. */
export function useNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
