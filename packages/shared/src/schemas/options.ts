import { z } from 'zod';
import { MAX_ID } from '../constants.ts';

/** The most rows one options call answers; `more` says when there are others to search for. */
export const OPTIONS_LIMIT = 50;
/** The most chosen ids one call labels (an edit form's invited carriers, a staff user's plants). */
export const OPTIONS_MAX_IDS = 100;

/**
 * Query of every `…/options` call: `search` is matched on the server (a picker never holds the whole
 * master), `ids` (comma-separated) asks for the labels of values already chosen, whatever their status.
 */
export const optionsQuerySchema = z.object({
  search: z.string().trim().max(100, 'search can be at most 100 characters').optional(),
  ids: z
    .string()
    .max(1200, `ids can name at most ${OPTIONS_MAX_IDS} records`)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'ids must be record ids separated by commas')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().int().positive('ids must be record ids').max(MAX_ID, 'No such record'))
        .max(OPTIONS_MAX_IDS, `ids can name at most ${OPTIONS_MAX_IDS} records`),
    )
    .optional(),
});
export type OptionsQuery = z.infer<typeof optionsQuerySchema>;

/** One row of a picker: its id, the text it shows, and a few fields a master adds (city, code …). */
export type OptionRow = { id: number; label: string } & Record<string, string | number | null>;

/** Answer of every `…/options` call. */
export type OptionsResponse<T extends OptionRow = OptionRow> = { data: T[]; more: boolean };
