/** The user's SSH keys for GPU rentals: listed, added once each (by fingerprint), deleted. */
import { createHash } from 'node:crypto';
import { parseSshPublicKey, type SshKey } from '~/contract/gpu.ts';
import type { Db } from '~/server/db/index.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import * as store from './store.ts';

export function fingerprint(publicKey: string): string {
  const parsed = parseSshPublicKey(publicKey);
  if (!parsed.ok) throw new HttpError(400, 'Invalid input', { publicKey: parsed.message });
  return `SHA256:${createHash('sha256').update(Buffer.from(parsed.body, 'base64')).digest('base64').replace(/=+$/, '')}`;
}

function toKey(row: { id: string; name: string; publicKey: string; fingerprint: string; createdAt: Date }): SshKey {
  return {
    id: row.id,
    name: row.name,
    publicKey: row.publicKey,
    fingerprint: row.fingerprint,
    createdAt: row.createdAt.toISOString(),
  };
}

export function gpuKeys(db: Db) {
  return {
    async listKeys(uid: string): Promise<SshKey[]> {
      return (await store.listKeys(db, uid)).map(toKey);
    },
    async addKey(uid: string, body: { name: string; publicKey: string }): Promise<SshKey> {
      const parsed = parseSshPublicKey(body.publicKey);
      if (!parsed.ok) throw new HttpError(400, 'Invalid input', { publicKey: parsed.message });
      const publicKey = [parsed.type, parsed.body, parsed.comment].filter(Boolean).join(' ');
      const row = await store.insertKey(db, { uid, name: body.name, publicKey, fingerprint: fingerprint(publicKey) });
      if (!row)
        throw new HttpError(409, 'This key is already saved on your account.', {
          publicKey: 'This key is already saved on your account.',
        });
      return toKey(row);
    },
    async deleteKey(uid: string, id: string): Promise<void> {
      if (!(await store.deleteKey(db, uid, id))) throw notFound('Key not found');
    },
  };
}
