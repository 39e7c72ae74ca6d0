/** Params that pick a view inside one record's page (a tab, a sub-tab), not another record. */
const VIEW_PARAMS = new Set(['tab', 'select']);

/**
 * The identity of the record a page shows, from its route params: `edit/5/1` and `edit/8/1` differ,
 * `detail/5/bids` and `detail/5/history` do not. The router keys every page by it, so going from
 * one record to another by address mounts a new page: no form keeps the last record's values.
 */
export function routeKey(params: Readonly<Record<string, string | undefined>>): string {
  return Object.entries(params)
    .filter(([name, value]) => !VIEW_PARAMS.has(name) && name !== '*' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}
