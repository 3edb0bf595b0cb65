/**
 * Request bodies read as streams, never whole: a limit is enforced on the bytes as they arrive, and a file body
 * goes to a temporary file, so memory does not grow with the size of what is sent.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { HttpError } from './errors.ts';

export interface ByteLimit {
  maxBytes: number;
  /** What the client is told when the body goes past `maxBytes`. */
  error: () => HttpError;
}

/** Passes chunks through until more than `limit.maxBytes` have come, then throws the limit's error. */
export async function* limitBytes(source: AsyncIterable<Uint8Array>, limit: ByteLimit): AsyncGenerator<Uint8Array> {
  let seen = 0;
  for await (const chunk of source) {
    seen += chunk.byteLength;
    if (seen > limit.maxBytes) throw limit.error();
    yield chunk;
  }
}

export interface SpooledFile {
  path: string;
  size: number;
  /** The first bytes (up to `headBytes`), for sniffing the type and reading image headers. */
  head: Uint8Array;
  /** SHA-256 of the whole file (base64url), when the spool was asked for it. */
  sha256?: string | undefined;
  /** Removes the temporary file; safe to call more than once. */
  dispose(): Promise<void>;
}

/**
 * Writes a stream to a new file in `dir`, one chunk at a time (the next chunk is read only once the last one is
 * written, so a fast client cannot fill memory). The file is removed again when reading or writing fails.
 */
export async function spoolToFile(
  source: AsyncIterable<Uint8Array>,
  dir: string,
  headBytes: number,
  options: { digest?: boolean } = {},
): Promise<SpooledFile> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.part`);
  const dispose = () => fs.rm(file, { force: true });
  const handle = await fs.open(file, 'wx');
  let size = 0;
  const head = new Uint8Array(headBytes);
  const hash = options.digest ? createHash('sha256') : undefined;
  try {
    for await (const chunk of source) {
      if (size < headBytes) head.set(chunk.subarray(0, headBytes - size), size);
      size += chunk.byteLength;
      hash?.update(chunk);
      await handle.write(chunk);
    }
  } catch (error) {
    await handle.close();
    await dispose();
    throw error;
  }
  await handle.close();
  const sha256 = hash?.digest('base64url');
  return { path: file, size, head: head.subarray(0, Math.min(size, headBytes)), sha256, dispose };
}

/** A request's body as chunks (none when it has no body). */
export async function* bodyChunks(request: Request): AsyncGenerator<Uint8Array> {
  if (request.body) yield* request.body as unknown as AsyncIterable<Uint8Array>;
}
