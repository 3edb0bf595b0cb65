/**
 * A streaming reader for the one file field of a multipart/form-data body. hono's parseBody holds the whole body
 * in memory; this hands the file's bytes on as they arrive and skips every other part.
 */
import { createHash } from 'node:crypto';
import { HttpError } from './errors.ts';

/** Part headers are a few hundred bytes; anything longer is not a form a browser sent. */
const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

const malformed = () =>
  new HttpError(400, 'Invalid input', { file: 'The upload was cut off or is not a valid form. Try again.' });

export function multipartBoundary(contentType: string | undefined): string | undefined {
  const match = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(
    contentType ?? '',
  );
  return match?.[1] ?? match?.[2];
}

type Event = { type: 'part'; headers: Map<string, string> } | { type: 'data'; chunk: Uint8Array } | { type: 'end' };

/** The body as parts: each part's headers, then its data in pieces; `end` after the closing boundary. */
export async function* multipartEvents(body: AsyncIterable<Uint8Array>, boundary: string): AsyncGenerator<Event> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const source = body[Symbol.asyncIterator]();
  // The first boundary has no line break before it; starting with one lets one delimiter find them all.
  let buffer: Buffer = Buffer.from(CRLF);
  const more = async () => {
    const next = await source.next();
    if (next.done) throw malformed();
    buffer = Buffer.concat([buffer, next.value]);
  };
  let inPart = false;
  for (;;) {
    const at = buffer.indexOf(delimiter);
    if (at === -1) {
      // Keep what could be the start of a delimiter split across chunks; the rest is data (or preamble).
      const keep = Math.min(buffer.length, delimiter.length - 1);
      if (inPart && buffer.length > keep) yield { type: 'data', chunk: buffer.subarray(0, buffer.length - keep) };
      buffer = buffer.subarray(buffer.length - keep);
      await more();
      continue;
    }
    if (inPart && at > 0) yield { type: 'data', chunk: buffer.subarray(0, at) };
    while (buffer.length < at + delimiter.length + 2) await more();
    const after = buffer.toString('latin1', at + delimiter.length, at + delimiter.length + 2);
    if (after === '--') {
      yield { type: 'end' };
      return;
    }
    if (after !== '\r\n') throw malformed();
    buffer = buffer.subarray(at + delimiter.length);
    // `buffer` now starts with the CRLF that ends the boundary line, so an empty header block is CRLF CRLF too.
    let end = buffer.indexOf(HEADER_END);
    while (end === -1) {
      if (buffer.length > MAX_HEADER_BYTES) throw malformed();
      await more();
      end = buffer.indexOf(HEADER_END);
    }
    const headers = new Map<string, string>();
    for (const line of buffer.toString('utf8', 2, end).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    buffer = buffer.subarray(end + HEADER_END.length);
    inPart = true;
    yield { type: 'part', headers };
  }
}

export interface FilePart {
  filename: string;
  body: AsyncIterable<Uint8Array>;
}

const param = (header: string, name: string) => new RegExp(`(?:^|;)\\s*${name}="([^"]*)"`, 'i').exec(header)?.[1];

/**
 * Finds the part named `field` that carries a file and hands it to `onFile` as a stream, which ends where the part
 * does (a body that stops before that is an error). Undefined when the form has no such part.
 */
export async function readMultipartFile<T>(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  field: string,
  onFile: (part: FilePart) => Promise<T>,
): Promise<T | undefined> {
  const events = multipartEvents(body, boundary);
  for await (const event of events) {
    if (event.type !== 'part') continue;
    const disposition = event.headers.get('content-disposition') ?? '';
    const filename = param(disposition, 'filename');
    if (param(disposition, 'name') !== field || filename === undefined) continue;
    async function* data(): AsyncGenerator<Uint8Array> {
      for (;;) {
        const next = await events.next();
        if (next.done || next.value.type !== 'data') return;
        yield next.value.chunk;
      }
    }
    // Awaited here: leaving the loop closes `events`, which the file's stream still reads.
    return await onFile({ filename, body: data() });
  }
  return undefined;
}

/**
 * SHA-256 (base64url) of a form's parts, their headers and bytes, leaving out the boundary: a client that sends the
 * same form again picks a new boundary, and it is still the same request.
 */
export async function formDigest(body: AsyncIterable<Uint8Array>, boundary: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const event of multipartEvents(body, boundary)) {
    if (event.type === 'part') hash.update(`\0part\0${JSON.stringify([...event.headers].sort())}\0`);
    if (event.type === 'data') hash.update(event.chunk);
  }
  return hash.digest('base64url');
}
