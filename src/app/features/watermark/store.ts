/**
 * The watermark studio's upload: one video at a time over the tus protocol (tus-js-client), in chunks, with
 * retries; a dropped connection or a reload resumes from what the server kept (the client remembers unfinished
 * uploads by file). Every request carries a fresh ID token. The library loads only when an upload starts.
 */
import { atom } from 'nanostores';
import { brand } from '~/config/brand';
import { api } from '~/lib/api/client';

export type WatermarkUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; sent: number; total: number }
  /** Every byte is there; the server is probing the file. */
  | { phase: 'checking'; name: string }
  | { phase: 'done'; id: string }
  | { phase: 'failed'; message: string };

export const $watermarkUpload = atom<WatermarkUploadState>({ phase: 'idle' });

const CHUNK_BYTES = 32 * 1024 * 1024;

let current: { abort(terminate?: boolean): Promise<void> } | null = null;

/** Starts (or resumes) the upload; the state ends `done` with the new removal's id, or `failed` with the reason. */
export async function startWatermarkUpload(file: File): Promise<void> {
  if (current) return;
  $watermarkUpload.set({ phase: 'uploading', name: file.name, sent: 0, total: file.size });
  const { Upload } = await import('tus-js-client');
  const upload = new Upload(file, {
    endpoint: `${brand.apiHosts[0]}/watermark-removal/uploads`,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
    removeFingerprintOnSuccess: true,
    metadata: { filename: file.name, filetype: file.type, rights: 'confirmed' },
    async onBeforeRequest(req) {
      const token = await api.idToken();
      if (token) req.setHeader('Authorization', `Bearer ${token}`);
    },
    // A refusal (bad file, no room, not signed in) will not change on a retry; a network drop or a 5xx may.
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      return status === 0 || status >= 500 || status === 409 || status === 423;
    },
    onProgress(sent, total) {
      $watermarkUpload.set(
        sent === total ? { phase: 'checking', name: file.name } : { phase: 'uploading', name: file.name, sent, total },
      );
    },
    onSuccess() {
      current = null;
      $watermarkUpload.set({ phase: 'done', id: upload.url?.split('/').pop() ?? '' });
    },
    onError(error) {
      current = null;
      const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
      $watermarkUpload.set({
        phase: 'failed',
        message:
          body?.trim() || 'The upload stopped. Check your connection and try again: it continues where it left off.',
      });
    },
  });
  current = upload;
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
}

/** Stops the upload and asks the server to drop what it received. */
export async function cancelWatermarkUpload(): Promise<void> {
  const upload = current;
  current = null;
  $watermarkUpload.set({ phase: 'idle' });
  await upload?.abort(true).catch(() => undefined);
}

export const resetWatermarkUpload = (): void => $watermarkUpload.set({ phase: 'idle' });
