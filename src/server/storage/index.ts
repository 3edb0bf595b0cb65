import type { ServerConfig } from '../config/index.ts';
import { localStorage } from './local.ts';
import { s3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export type { ByteRange, Storage, StoredObject } from './types.ts';

export function createStorage(config: ServerConfig): Storage {
  if (config.storage.driver === 'local') return localStorage(config.storage.localDir);
  const { endpoint, bucket, region, accessKeyId, secretAccessKey } = config.storage.s3;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    throw new Error('STORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return s3Storage({ endpoint, bucket, region, accessKeyId, secretAccessKey });
}

/** Objects are grouped by owner so a bucket lifecycle rule or a user deletion can act per user. */
export const storageKey = (uid: string, fileId: string): string => `u/${uid.replace(/[^A-Za-z0-9_-]/g, '_')}/${fileId}`;
