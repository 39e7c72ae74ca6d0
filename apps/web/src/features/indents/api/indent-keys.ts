/**
 * Query keys of the indent calls. Every indent write, and every live notification of type `indent`,
 * invalidates `indentKeys.all`; the lane picker is kept outside it on purpose (see get-indent-lanes.ts).
 */
export const indentKeys = {
  all: ['indents'] as const,
  one: (id: number) => ['indents', 'one', id] as const,
};
