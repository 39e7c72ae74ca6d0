/** Every invoice query of the shipper starts with this, so an `invoice` notification refetches them together. */
export const INVOICES_KEY = ['invoices'] as const;

/** The shipper's debit account and column templates (`GET /api/invoices/books-settings`). */
export const BOOKS_SETTINGS_KEY = [...INVOICES_KEY, 'books-settings'] as const;
