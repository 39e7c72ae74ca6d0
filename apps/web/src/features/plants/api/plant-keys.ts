/** Query keys of the plant calls; every plant mutation invalidates `plantKeys.all`. */
export const plantKeys = {
  all: ['plants'] as const,
  list: (query: object) => ['plants', 'list', query] as const,
  one: (id: number) => ['plants', 'one', id] as const,
};
