/** The user's API keys (session only: a key never manages keys, see src/contract/api-scopes.ts). */
import { Hono } from 'hono';
import { type ApiKeyList, type CreatedApiKey, createApiKeySchema } from '~/contract/developers.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { idempotent, withoutSecret } from '~/server/http/idempotency.ts';
import { jsonBody } from '~/server/http/validate.ts';
import { apiKeyService } from './service.ts';

export function apiKeyRoutes(deps: ApiDeps) {
  const service = apiKeyService(deps.database.db);
  return (
    new Hono<AppEnv>()
      .get('/developer/keys', async (c) => c.json({ items: await service.list(c.get('uid')) } satisfies ApiKeyList))
      // A repeat gets the key without its secret: the key exists only as a hash once it was shown.
      .post('/developer/keys', idempotent(deps.idempotency, { kept: withoutSecret }), async (c) => {
        const created = await service.create(c.get('uid'), await jsonBody(c, createApiKeySchema));
        c.get('log').info({ apiKeyId: created.id, scopes: created.scopes }, 'API key created');
        return c.json(created satisfies CreatedApiKey, 201);
      })
      .delete('/developer/keys/:id', async (c) => {
        await service.revoke(c.get('uid'), c.req.param('id'));
        c.get('log').info({ apiKeyId: c.req.param('id') }, 'API key revoked');
        return c.body(null, 204);
      })
  );
}
