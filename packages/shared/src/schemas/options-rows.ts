/** The most rows one options call answers; `more` says when there are others to search for. */
export const OPTIONS_LIMIT = 50;
/** The most chosen ids one call labels (an edit form's invited carriers, a staff user's plants). */
export const OPTIONS_MAX_IDS = 100;

/** One row of a picker: its id, the text it shows, and a few fields a master adds (city, code …). */
export type OptionRow = { id: number; label: string } & Record<string, string | number | null>;

/** Answer of every `…/options` call. */
export type OptionsResponse<T extends OptionRow = OptionRow> = { data: T[]; more: boolean };
