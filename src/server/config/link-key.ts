/**
 * The signing key for download links when FILE_URL_SECRET is not set (development only): random per data
 * directory, made on first start and kept in `${DATA_DIR}/secrets/file-url.key`, so links survive restarts and no
 * two installations share a key.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_BYTES = 32;
/** base64url of KEY_BYTES; a shorter file was cut or edited by hand. */
const MIN_KEY_LENGTH = Math.ceil((KEY_BYTES * 4) / 3);

export const linkKeyFile = (dataDir: string): string => path.join(dataDir, 'secrets', 'file-url.key');

function readKey(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (text.length < MIN_KEY_LENGTH)
    throw new Error(
      `${file} does not hold a usable key; delete it to make a new one (signed links made before stop working)`,
    );
  return text;
}

/**
 * Reads the key, creating it if missing. The key is written in full under a temporary name and then hard-linked
 * into place, which fails if the file exists: processes starting at once all end up reading the first one's key,
 * and none ever sees a half-written file.
 */
export function readOrCreateLinkKey(file: string): string {
  const existing = readKey(file);
  if (existing) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomUUID()}.tmp`;
  fs.writeFileSync(temp, `${randomBytes(KEY_BYTES).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return readKey(file)!;
}
