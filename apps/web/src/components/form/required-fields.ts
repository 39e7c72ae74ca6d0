/** The part of a zod issue a per-parse error customizer sees that matters here. */
type Issue = { code: string; path?: PropertyKey[]; input?: unknown };

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (typeof v === 'number' && Number.isNaN(v));

/**
 * The required-field convention of every form: the field shows an asterisk (Mantine `withAsterisk`)
 * and, left empty, says "<Label> is required" instead of zod's "expected number, received undefined".
 * Pass the result as the zod resolver's parse options: `zodResolver(schema, requiredMessages(LABELS))`.
 * Messages the shared schema sets itself still win.
 */
export function requiredMessages(labels: Readonly<Record<string, string>>) {
  return {
    error: (issue: Issue): string | undefined => {
      if (issue.code !== 'invalid_type' || !isEmpty(issue.input)) {
        return undefined;
      }
      const label = labels[(issue.path ?? []).map(String).join('.')];
      return label ? `${label} is required` : undefined;
    },
  };
}
