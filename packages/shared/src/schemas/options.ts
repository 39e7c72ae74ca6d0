import { z } from 'zod';
import { MAX_ID } from '../constants.ts';

import { OPTIONS_MAX_IDS } from './options-rows.ts';

// The pickers' limits and rows, without zod (record 0310): the web's pickers read them on every list page.
export { OPTIONS_LIMIT, OPTIONS_MAX_IDS, type OptionRow, type OptionsResponse } from './options-rows.ts';

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
