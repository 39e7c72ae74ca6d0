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
export const EMPTY_TABLE_TEXT = 'No Available Data';
export const THEME_COLOR = '#42b883';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DEFAULT_TIME = '12:00';
export const MINUTE_STEP = 5;
export const CURRENCY_LABEL = '(INR)';
export const LOADER_SIZE = 64;
export const LOADER_ALT = 'loading...';
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

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
