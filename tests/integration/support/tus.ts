/** The tus requests the watermark suites send, as a browser's tus client would (create, PATCH, HEAD). */
import { expect } from 'vitest';
import type { TestUser } from './auth-emulator';

const TUS = { 'tus-resumable': '1.0.0' };
const meta = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** POST: creates an upload of `size` bytes, answers its URL (or the refusal). */
export async function createUpload(base: string, user: TestUser, size: number, metadata: Record<string, string>) {
  const res = await fetch(`${base}/watermark-removal/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      authorization: `Bearer ${user.idToken}`,
      'upload-length': String(size),
      'upload-metadata': meta(metadata),
    },
  });
  const location = res.headers.get('location');
  return { status: res.status, body: await res.text(), url: location ? new URL(location, base).href : '' };
}

export const patchUpload = (user: TestUser, url: string, offset: number, body: Buffer | ReadableStream<Uint8Array>) =>
  fetch(url, {
    method: 'PATCH',
    headers: {
      ...TUS,
      authorization: `Bearer ${user.idToken}`,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: body as BodyInit,
    duplex: 'half',
  } as RequestInit);

export const headUpload = (user: TestUser, url: string) =>
  fetch(url, { method: 'HEAD', headers: { ...TUS, authorization: `Bearer ${user.idToken}` } });

/** The whole file in one PATCH, rights confirmed: answers the PATCH and the removal's id. */
export async function uploadVideo(base: string, user: TestUser, bytes: Buffer, name = 'marked.mp4') {
  const made = await createUpload(base, user, bytes.length, { filename: name, rights: 'confirmed' });
  expect(made.status, made.body).toBe(201);
  const res = await patchUpload(user, made.url, 0, bytes);
  return { res, id: made.url.split('/').pop()!, body: await res.text() };
}
