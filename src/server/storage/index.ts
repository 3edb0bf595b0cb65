import type { ServerConfig } from '~/server/config/index.ts';
import { localStorage } from './local.ts';
import { s3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export type { ByteRange, Storage, StoredObject } from './types.ts';

export function createStorage(config: ServerConfig): Storage {
  return config.storage.driver === 's3' ? s3Storage(config.storage.s3) : localStorage(config.storage.localDir);
}

/** Objects are grouped by owner so a bucket lifecycle rule or a user deletion can act per user. */
export const storageKey = (uid: string, fileId: string): string => `u/${uid.replace(/[^A-Za-z0-9_-]/g, '_')}/${fileId}`;
