/**
 * Whether an uploaded file really decodes as a picture. The header check in the upload catches wrong types, sizes
 * and images too costly to decode; this catches damaged files (a cut-off download, a renamed document) at upload
 * time, where the user can pick another file, instead of letting the render fail minutes later.
 *
 * The decode is the one place an upload costs real memory, so it is fenced: one thread, an address-space limit on
 * the ffmpeg process, a timeout, and at most `PARALLEL` decodes at once however many uploads arrive together.
 */
import { spawn } from 'node:child_process';
import { concurrencyLimit } from '~/server/http/concurrency.ts';

const TIMEOUT_MS = 15_000;
/**
 * ffmpeg itself needs about 300 MB of address space before it decodes anything; the largest image the header check
 * lets through (8192×8192 RGBA, 256 MB decoded) fits in this with room, a decode that runs away does not.
 */
export const DECODE_ADDRESS_SPACE_BYTES = 768 * 1024 * 1024;
const PARALLEL = 2;

const slot = concurrencyLimit(PARALLEL);

/** `file`: a path on local disk. */
export function decodesAsImage(file: string, addressSpaceBytes = DECODE_ADDRESS_SPACE_BYTES): Promise<boolean> {
  return slot(
    () =>
      new Promise((resolve) => {
        // The limit is set by a shell in the child (ulimit -v, in KiB) so it binds ffmpeg and nothing else.
        // -xerror makes any decode error fatal, so a damaged file exits non-zero instead of being half drawn.
        const script = `ulimit -v ${Math.floor(addressSpaceBytes / 1024)} && exec ffmpeg -hide_banner -nostdin -v error -xerror -threads 1 -i "$1" -frames:v 1 -f null -`;
        const child = spawn('sh', ['-c', script, 'sh', file], { stdio: ['ignore', 'ignore', 'ignore'] });
        const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
        child.on('error', () => resolve(false));
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve(code === 0);
        });
      }),
  );
}
