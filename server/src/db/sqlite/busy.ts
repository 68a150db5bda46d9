/** Whether an error is SQLite's "the database is locked" (another connection holds the write lock): worth waiting for, not a failure. */
export const isBusy = (err: unknown): boolean => /^SQLITE_(BUSY|LOCKED)/.test(String((err as { code?: unknown }).code ?? ''));
