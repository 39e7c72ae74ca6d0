import { addEnglish, useFieldText } from '../../lib/i18n.ts';
import english from '../../locales/en-IN/driver.json';

// The page's English words travel with it; Hindi is fetched when chosen (record 0299).
addEnglish('driver', english);

/** The driver's page's words in the chosen language. */
export const useDriverText = () => useFieldText('driver');

/** A time as a phone's clock shows it, in India: "10:32" (the shared date-time's one clock format). */
export { formatClock as clockTime } from '@freightdesk/shared/date-time';
