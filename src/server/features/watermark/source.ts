/** Where ffmpeg reads a stored source video from; light, so the API can name it without loading ffmpeg. */
import path from 'node:path';
import type { ServerConfig } from '~/server/config/index.ts';
import { assertKey } from '~/server/storage/types.ts';

/** What ffmpeg opens: the file itself on local disk, a short-lived presigned URL on S3. */
export async function sourceInput(
  config: ServerConfig,
  directUrl: (key: string) => Promise<string | undefined>,
  key: string,
): Promise<string> {
  if (config.storage.driver === 'local') return path.join(config.storage.localDir, assertKey(key));
  const url = await directUrl(key);
  if (!url) throw new Error('The source video has no direct link');
  return url;
}
