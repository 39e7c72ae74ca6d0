import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AfterSettle } from '../../lib/lazy-part.tsx';

/**
 * A field's label and box, drawn where a select or a picker comes once its code is here (record
 * 0322): the same size, so nothing moves when it arrives; not a control, so nothing typed is lost.
 */
export function FieldOutline({ label, miw, size = 'sm' }: { label: string; miw: number; size?: 'sm' | 'md' }) {
  return (
    <Box miw={miw} aria-hidden="true">
      <Text component="div" size={size} fw={500} lh={1.55}>
        {label}
      </Text>
      <Box h={size === 'md' ? 42 : 36} bd="1px solid var(--mantine-color-default-border)" bdrs="sm" bg="var(--mantine-color-default)" />
    </Box>
  );
}

/**
 * A field whose control floats (a select's list, a date picker): drawn once the page has settled,
 * its outline (label and box) until then and until its code is here (record 0322).
 */
export function DeferredField(props: { label: string; miw: number; size?: 'sm' | 'md'; children: (outline: ReactNode) => ReactNode }) {
  const outline = <FieldOutline label={props.label} miw={props.miw} size={props.size} />;
  return <AfterSettle fallback={outline}>{props.children(outline)}</AfterSettle>;
}
