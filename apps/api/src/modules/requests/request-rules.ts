/** Hours a closed request waits for its award before it expires, when the shipper set none. */
export const DEFAULT_AWARD_WINDOW_HOURS = 48;

/** Minutes a late bid extends the auction by (and the last minutes that count as late), when the shipper set none. */
export const DEFAULT_ANTI_SNIPING_MINUTES = 5;
