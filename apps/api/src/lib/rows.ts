/** Turns the Date columns createdAt / updatedAt of a raw row into ISO strings for the API. */
export function withIsoDates<T>(raw: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...raw };
  for (const key of ['createdAt', 'updatedAt']) {
    const v = out[key];
    if (v instanceof Date) {
      out[key] = v.toISOString();
    }
  }
  return out as T;
}
