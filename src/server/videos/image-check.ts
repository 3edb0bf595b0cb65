/**
 * Whether uploaded bytes really decode as a picture. The header check in the route catches wrong types and sizes;
 * this catches damaged files (a cut-off download, a renamed document) at upload time, where the user can pick
 * another file, instead of letting the render fail minutes later.
 */
import { spawn } from 'node:child_process';

const TIMEOUT_MS = 15_000;

export function decodesAsImage(bytes: Uint8Array): Promise<boolean> {
  return new Promise((resolve) => {
    // -xerror makes any decode error fatal, so a damaged file exits non-zero instead of being half drawn.
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-xerror', '-i', 'pipe:0', '-frames:v', '1', '-f', 'null', '-'], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', () => resolve(false));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
    // ffmpeg may stop reading once it has a frame; a closed pipe then is not a failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(bytes);
  });
}
