const INDIA_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** A moment as people in India read it in messages ("24 Nov 2026, 14:05"). */
export const indiaTime = (d: Date): string => INDIA_TIME.format(d);

/** A moment's day in India (YYYY-MM-DD); today's by default. */
export const indiaToday = (now = new Date()): string => new Date(now.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
