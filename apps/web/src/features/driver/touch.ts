/**
 * A button of the driver's page: at least 44 px tall (WCAG 2.5.5's target size), its label wrapping
 * onto a second line rather than cut (a Hindi label at 360 px is longer than its English one).
 */
export const touchButton = {
  root: { height: 'auto', minHeight: 44, paddingBlock: 8 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
} as const;
