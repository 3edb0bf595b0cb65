import { z } from 'zod';

/** A client's key for a request it may send twice (a retry, the fallback host): the second answers like the first. */
export const IdempotencyKey = z.string().trim().min(8).max(200).optional();
