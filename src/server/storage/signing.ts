/**
 * HMAC-signed download links (`/files/:id?exp=&sig=`) for places that cannot send an Authorization header, such as
 * <video src>. A link names one file, expires, and cannot be altered to reach another file.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const signature = (secret: string, fileId: string, exp: number): string =>
  createHmac('sha256', secret).update(`${fileId}.${exp}`).digest('base64url');

export function signFile(secret: string, fileId: string, expiresAtSeconds: number): { exp: string; sig: string } {
  return { exp: String(expiresAtSeconds), sig: signature(secret, fileId, expiresAtSeconds) };
}

export function verifyFileSignature(secret: string, fileId: string, exp: string, sig: string, nowSeconds: number): boolean {
  if (!/^\d{1,12}$/.test(exp)) return false;
  const expires = Number(exp);
  if (expires < nowSeconds) return false;
  const expected = Buffer.from(signature(secret, fileId, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
