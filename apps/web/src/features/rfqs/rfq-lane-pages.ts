/**
 * The form shows its lanes a page at a time: a sheet of hundreds of lanes rendered whole (eight
 * fields and four server pickers each) froze the browser for minutes.
 */

/** The 1-based page holding lane `index` (0-based). */
export const pageOfLane = (index: number, pageSize: number) => Math.floor(index / pageSize) + 1;

/** The last page there is for `count` lanes (at least 1). */
export const lastLanePage = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

/** The lanes (0-based) that have an error somewhere in them, from react-hook-form's `errors.lanes`. */
export function lanesWithErrors(laneErrors: unknown): number[] {
  if (!Array.isArray(laneErrors)) {
    return [];
  }
  const out: number[] = [];
  laneErrors.forEach((e, i) => {
    if (e && typeof e === 'object' && Object.keys(e).length > 0) {
      out.push(i);
    }
  });
  return out;
}

/** The lanes (0-based) a server's field errors name (`lanes.26.destination` → 26), in order. */
export function lanesInFields(fields: Readonly<Record<string, string>>): number[] {
  const found = Object.keys(fields).flatMap((k) => {
    const m = /^lanes\.(\d+)(\.|$)/.exec(k);
    return m ? [Number(m[1])] : [];
  });
  return [...new Set(found)].sort((a, b) => a - b);
}
