/** Business constants of spec section 9. */
export const FLASH_MESSAGE_MS = 6000;
export const TOAST_HIDE_MS = 5000;
export const DEFAULT_USER_NAME = 'Admin';
export const DEFAULT_CAN_ADD_REQUEST = true;
export const PUSH_TOKEN_REFRESH_DAYS = 7;
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const ROWS_PER_PAGE_LABEL = 'rows per page:';
export const PAGINATION_SEPARATOR = 'of';
export const TABLE_MIN_HEIGHT = 180;
export const EXPAND_COLUMN_WIDTH = 36;
export const INDEX_COLUMN_WIDTH = 60;
export const INDEX_SYMBOL = '#';
export const MAX_PAGE_SLOTS = 7;
/** A list counts its matches up to this many; beyond, it answers the cap with `totalCapped` ("10,000+"). */
export const LIST_COUNT_CAP = 10_000;
export const EMPTY_TABLE_TEXT = 'No Available Data';
export const THEME_COLOR = '#42b883';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DEFAULT_TIME = '12:00';
export const MINUTE_STEP = 5;
export const CURRENCY_LABEL = '(INR)';
export const LOADER_SIZE = 64;
export const LOADER_ALT = 'loading...';
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
/**
 * How far in the past a pickup, bid end or reporting time may be when a form is saved: the minutes
 * between picking 14:00 and pressing Save at 14:03 must not refuse the form. Anything older is a
 * mistake (a past day picked, a copied request), not a delay.
 */
export const PAST_GRACE_MINUTES = 5;

/** Confirm dialog texts of spec section 8. */
export const CONFIRM_TEXT = {
  title: 'Are you sure?',
  statusChange: 'Status will be changed!',
  deviceSendBack: 'This Device will send back to admin!',
  deviceReceived: 'This Device received by admin',
  delete: 'You will not be able to recover the data!',
  blockCarrier: 'You want to block this carrier!',
} as const;

/** Push dialog default button texts. */
export const PUSH_DIALOG_TEXT = { ok: 'OK', no: 'No', cancel: 'Cancel' } as const;

/** localStorage keys of spec section 3. */
export const LOCAL_KEYS = {
  permissions: 'permissions',
  industry: 'industry',
  userName: 'user_name',
  role: 'role',
  userType: 'user_type',
  deviceToken: 'deviceToken',
  planExpire: 'plan_expire',
  noOfMembers: 'noOfMembers',
  noOfPlants: 'noOfPlants',
  pathToLoadAfterLogin: 'pathToLoadAfterLogin',
  inboundTabVisible: 'inbound_tab_visible',
} as const;

/** sessionStorage keys of spec section 3. */
export const SESSION_KEYS = {
  route: 'route',
  activeTabNumber: 'activeTabNumber',
  tabName: 'tabName',
  subActiveTabNumber: 'subActiveTabNumber',
  subTabName: 'subTabName',
  requestDetail: 'requestDetail',
} as const;

/** Session lifetime and password reset lifetime. */
export const SESSION_TTL_HOURS = 12;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const MIN_PASSWORD_LENGTH = 8;

/** Request attachments and order documents: the most bytes one file may have (10 MB). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Imports (CSV or XLSX): the most bytes one file may have and the most data rows it may hold. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

/**
 * The file types a request attachment or order document may be: the extensions (lower case) that
 * name it and the content type it is stored and served as. The API also checks the file's first
 * bytes (magic numbers), so a renamed file is refused.
 */
export const DOCUMENT_FILE_TYPES = [
  { label: 'PDF', extensions: ['pdf'], contentType: 'application/pdf' },
  { label: 'JPEG', extensions: ['jpg', 'jpeg'], contentType: 'image/jpeg' },
  { label: 'PNG', extensions: ['png'], contentType: 'image/png' },
  { label: 'WebP', extensions: ['webp'], contentType: 'image/webp' },
  { label: 'XLSX', extensions: ['xlsx'], contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { label: 'XLS', extensions: ['xls'], contentType: 'application/vnd.ms-excel' },
  { label: 'CSV', extensions: ['csv'], contentType: 'text/csv' },
  { label: 'DOCX', extensions: ['docx'], contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
] as const;

/** The largest amount the platform holds: ₹1,000 crore (paise are stored as bigint). */
export const MAX_RUPEES = 10_000_000_000;
/** The largest id a table holds (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/**
 * The usual price of a lane (a warning on money fields, never a refusal). With at least
 * `USUAL_PRICE_MIN_ORDERS` past orders on the lane, the shipper's own median is the usual price;
 * otherwise a sanity band from the road distance and the load:
 * - road distance ≈ great-circle distance × `ROAD_DISTANCE_FACTOR`: Indian roads run about 20–40 %
 *   longer than the straight line between two towns (the detour factor of road-network studies is
 *   1.2–1.4; 1.3 is its middle);
 * - full-truck-load road freight in India costs roughly ₹2–6 per tonne-km (`FTL_RUPEES_PER_TONNE_KM`):
 *   published truck-freight indices and freight-exchange quotes for 9–35 t trucks sit around
 *   ₹2.5–5, and the band is kept wider because it only has to catch a slip of the keyboard (a lakh
 *   typed for a thousand), not to price a lane;
 * - a trip is charged for at least `FTL_MIN_CHARGED_KM`: a truck sent 10 km still costs its
 *   loading, waiting and a day's hire, so very short lanes are not warned about for a normal price;
 * - a past order is on the same lane only when one of its vehicles carried about the same load
 *   (within `LANE_LOAD_TOLERANCE`, 10 %): a 9 t trip's price says little about a 20 t one's;
 * - a price below 1/`FAR_FROM_USUAL_FACTOR` of the band's low end or above `FAR_FROM_USUAL_FACTOR`
 *   times its high end is "far from usual".
 */
export const USUAL_PRICE_MIN_ORDERS = 3;
export const ROAD_DISTANCE_FACTOR = 1.3;
export const FTL_RUPEES_PER_TONNE_KM = { low: 2, high: 6 } as const;
export const FTL_MIN_CHARGED_KM = 50;
export const FAR_FROM_USUAL_FACTOR = 2;
export const LANE_LOAD_TOLERANCE = 0.1;

/**
 * Tracking (issue 10), explained in docs/decisions/ (records 0089–0108; the settings in
 * 0102-tracking-settings-per-shipper.md, halts in 0098-trips-geofences-and-alerts.md). `HALT_MINUTES`,
 * `NO_SIGNAL_MINUTES`, `PUBLIC_LINK_GRACE_HOURS` and `SIM_PING_MINUTES` are the defaults of each
 * shipper's tracking settings (schemas/tracking-settings.ts); the others are platform-wide.
 * - A vehicle is halted when it stays within `HALT_RADIUS_M` of one point for `HALT_MINUTES`
 *   outside every stop's geofence.
 * - No signal: no position (with or without a fix) for `NO_SIGNAL_MINUTES` on an active trip.
 * - Positions older than `POSITION_RETENTION_DAYS` are removed (the server's TRACKING_RETENTION_DAYS overrides).
 * - A public link works until delivery plus `PUBLIC_LINK_GRACE_HOURS`.
 * - Phone-SIM pings every `SIM_PING_MINUTES`.
 * - Without a route master, the planned transit is the road estimate at `PLANNED_SPEED_KMH`
 *   (a loaded Indian truck's day of 350–400 km over 10 hours of driving, with stops).
 * - The geofence of a stop without its own radius: `DEFAULT_GEOFENCE_M`.
 */
export const HALT_MINUTES = 30;
export const HALT_RADIUS_M = 200;
export const NO_SIGNAL_MINUTES = 60;
export const POSITION_RETENTION_DAYS = 180;
export const PUBLIC_LINK_GRACE_HOURS = 24;
export const SIM_PING_MINUTES = 15;
export const PLANNED_SPEED_KMH = 35;
export const DEFAULT_GEOFENCE_M = 500;
/** A position whose fix time is further ahead of the server's clock than this is filtered out (a phone's wrong clock). */
export const POSITION_FUTURE_LIMIT_MINUTES = 10;
/**
 * Tracking moves an order (reported at its plant, arrived at a drop-off) only on evidence (issue 31):
 * at least `ARRIVAL_MIN_FIXES` positions in use inside the stop's geofence, spanning the shipper's
 * dwell minutes (`ARRIVAL_DWELL_MINUTES` by default).
 */
export const ARRIVAL_MIN_FIXES = 3;
export const ARRIVAL_DWELL_MINUTES = 5;
/** The shortest dwell a shipper may set. */
export const TRACKING_SETTING_MIN_DWELL_MINUTES = 2;
