/**
 * A kept move's state badge: white with a border in its colour, so "Waiting to send" stands apart
 * from the light orange box it sits in (the light badge alone was the box's own colour).
 */
export const KEPT_BADGE = { variant: 'light', bg: 'white', bd: '1px solid currentColor' } as const;
