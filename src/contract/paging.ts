/**
 * List cursors, the one rule for every paged list. A cursor is opaque to the browser: it passes back `nextCursor`
 * from the previous page. Anything else is refused with a field error, so a hand-made cursor (a date no calendar
 * has, a year the database cannot store, a number past the id range) is a 400, never a database error.
 */
import { z } from 'zod';
import { isUuid } from './ids.ts';

export const CURSOR_MESSAGE = 'Must be a cursor from a previous page';

/** The last row of the previous page of a newest-first list. */
export interface PageCursor {
  createdAt: Date;
  id: string;
}

/** Rows are written now; a cursor date before this or after 9999 cannot name one, and PostgreSQL cannot take year 0. */
const EARLIEST = Date.UTC(2000, 0, 1);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export const formatPageCursor = (row: PageCursor): string => `${row.createdAt.toISOString()}|${row.id}`;

/** `<createdAt ISO>|<uuid>`, exactly as formatPageCursor writes it, or undefined. */
export function parsePageCursor(cursor: string): PageCursor | undefined {
  const [iso = '', id = '', ...rest] = cursor.split('|');
  if (rest.length > 0 || !isUuid(id) || !ISO.test(iso)) return undefined;
  const createdAt = new Date(iso);
  // The round trip refuses dates JavaScript would roll over (30 February becomes 1 March) or cannot hold.
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== iso || createdAt.getTime() < EARLIEST)
    return undefined;
  return { createdAt, id };
}

export const pageCursor = z.string().refine((cursor) => parsePageCursor(cursor) !== undefined, CURSOR_MESSAGE);

/** A ledger cursor is the last entry's id: a positive whole number JavaScript holds exactly. */
export const idCursor = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, CURSOR_MESSAGE)
  .refine((cursor) => Number(cursor) <= Number.MAX_SAFE_INTEGER, CURSOR_MESSAGE)
  .transform(Number);

/** `?cursor=&limit=` of the studios' histories (newest first); pass `nextCursor` back for the next page. */
export const HistoryQuery = z.object({
  cursor: pageCursor.optional(),
  limit: z.coerce.number().int().min(1, 'At least 1').max(50, 'At most 50').default(12),
});
