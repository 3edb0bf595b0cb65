/**
 * HMAC-signed download links (`/files/:id?exp=&sig=`) for places that cannot send an Authorization header, such as
 * <video src> or a plain browser download. A link names one file (or one batch's ZIP), expires, and cannot be
 * altered to reach another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a batch's ZIP link signs instead of a file id. File ids are UUIDs, so no file's link can pass for a ZIP's
 * and no ZIP's for a file's.
 */
export const batchZipSubject = (batchId: string): string => `batch-zip:${batchId}`;

/** How long a signed link works: long enough to listen to or browse a page of results; a refreshed page gets new links. */
export const LINK_SECONDS = 60 * 60;
/** Servers signing and verifying may disagree on the time by this much. */
const CLOCK_SKEW_SECONDS = 60;

export interface FileSignature {
  exp: string;
  sig: string;
  /** Unix seconds. */
  expiresAt: number;
}

const signature = (secret: string, fileId: string, exp: number): string =>
  createHmac('sha256', secret).update(`${fileId}.${exp}`).digest('base64url');

/** Signs a link that works for LINK_SECONDS from `nowSeconds`; callers cannot choose a longer life. */
export function signFile(secret: string, fileId: string, nowSeconds: number): FileSignature {
  const expiresAt = nowSeconds + LINK_SECONDS;
  return { exp: String(expiresAt), sig: signature(secret, fileId, expiresAt), expiresAt };
}

/**
 * An expiry further ahead than any link this server signs is refused too, so even someone holding the key cannot
 * make a link that never expires.
 */
export function verifyFileSignature(
  secret: string,
  fileId: string,
  exp: string,
  sig: string,
  nowSeconds: number,
): boolean {
  if (!/^\d{1,12}$/.test(exp)) return false;
  const expires = Number(exp);
  if (expires < nowSeconds || expires > nowSeconds + LINK_SECONDS + CLOCK_SKEW_SECONDS) return false;
  const expected = Buffer.from(signature(secret, fileId, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
