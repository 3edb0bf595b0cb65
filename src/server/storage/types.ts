export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  /** Size of the whole object, not of the range. */
  size: number;
  range?: ByteRange;
}

/**
 * Where generated and uploaded files live. Keys are opaque server-side names; clients only ever see file ids and
 * reach the bytes through `/files/:id` (owner check or signed URL).
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /**
   * `{ path }` is read from disk, never whole into memory. `move: true` hands the file over: local storage then
   * renames it into place instead of copying when it can (the caller's copy is gone afterwards either way).
   */
  put(key: string, body: Uint8Array | { path: string; move?: boolean }, contentType: string): Promise<{ size: number }>;
  get(key: string): Promise<Uint8Array | undefined>;
  /** Undefined when the object does not exist. */
  stream(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /**
   * A time-limited direct URL when the backend can make one (S3 presigned GET); undefined for local disk.
   * `contentDisposition` is the header the response must carry (see download-headers.ts).
   */
  directUrl(key: string, expiresInSeconds: number, contentDisposition?: string): Promise<string | undefined>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;

/** Keys are made by the server, but a path traversal must be impossible even if one is not. */
export function assertKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`Invalid storage key "${key}"`);
  }
  return key;
}
