import { formatMoment, indiaDayKey } from '@freightdesk/shared/date-time';

/** A moment as people in India read it in messages ("24 Nov 2026, 02:05 pm IST"): the one format of date-time.ts. */
export const indiaTime = (d: Date): string => formatMoment(d);

/** A moment's day in India (YYYY-MM-DD); today's by default. */
export const indiaToday = (now = new Date()): string => indiaDayKey(now);
