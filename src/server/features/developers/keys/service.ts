/** API keys: made with a name and scopes, shown once, listed by their prefix, revoked for good. */
import {
  API_KEY_SHOWN_CHARS,
  type ApiKeyRecord,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '~/contract/developers.ts';
import { generateApiKey, hashApiKey } from '~/server/auth/api-keys.ts';
import type { Db } from '~/server/db/index.ts';
import { notFound } from '~/server/http/errors.ts';
import { type ApiKeyRow, insertApiKey, listApiKeys, revokeApiKey } from './store.ts';

export const toApiKeyRecord = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export function apiKeyService(db: Db) {
  return {
    /** The only answer that carries the whole key: it is hashed here and never kept. */
    async create(uid: string, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
      const secret = generateApiKey();
      const row = await insertApiKey(db, {
        uid,
        name: request.name,
        prefix: secret.slice(0, API_KEY_SHOWN_CHARS),
        hash: hashApiKey(secret),
        scopes: request.scopes,
      });
      return { ...toApiKeyRecord(row), secret };
    },
    async list(uid: string): Promise<ApiKeyRecord[]> {
      return (await listApiKeys(db, uid)).map(toApiKeyRecord);
    },
    async revoke(uid: string, id: string): Promise<void> {
      if (!(await revokeApiKey(db, uid, id, new Date()))) throw notFound('API key not found');
    },
  };
}
