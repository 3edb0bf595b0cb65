/**
 * The account's brand kit over HTTP: GET and PUT /brand-kit (the settings, 400 with field errors), POST
 * /brand-kit/logo (multipart, field "file": PNG, JPEG or WebP, checked like a video's images) and DELETE
 * /brand-kit/logo. Each answers the whole kit.
 */
import { Hono } from 'hono';
import { type BrandKit, brandKitSettingsSchema } from '~/contract/brand.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { bodyChunks, limitBytes } from '~/server/http/body.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { idempotentUpload } from '~/server/http/idempotency.ts';
import { routeBodyLimit } from '~/server/http/middleware.ts';
import { jsonBody } from '~/server/http/validate.ts';
import { IMAGE_FORM_LIMIT } from '~/server/media/upload.ts';
import { fileLinker } from '~/server/storage/links.ts';
import { uploadTempDir } from '~/server/storage/uploads.ts';
import { brandService } from './service.ts';

export function brandRoutes(deps: ApiDeps) {
  const brand = brandService(deps);
  const linker = (url: string) => fileLinker(deps.config, new URL(url).origin);

  return new Hono<AppEnv>()
    .get('/brand-kit', async (c) => c.json((await brand.kit(c.get('uid'), linker(c.req.url))) satisfies BrandKit))
    .put('/brand-kit', async (c) => {
      const settings = await jsonBody(c, brandKitSettingsSchema);
      return c.json((await brand.save(c.get('uid'), settings, linker(c.req.url))) satisfies BrandKit);
    })
    .post(
      '/brand-kit/logo',
      routeBodyLimit(IMAGE_FORM_LIMIT),
      idempotentUpload(deps.idempotency, IMAGE_FORM_LIMIT, uploadTempDir(deps.config)),
      async (c) => {
        const body = limitBytes(bodyChunks(c.req.raw), IMAGE_FORM_LIMIT);
        return c.json(
          (await brand.uploadLogo(
            c.get('uid'),
            c.req.header('content-type'),
            body,
            linker(c.req.url),
          )) satisfies BrandKit,
          201,
        );
      },
    )
    .delete('/brand-kit/logo', async (c) =>
      c.json((await brand.removeLogo(c.get('uid'), linker(c.req.url))) satisfies BrandKit),
    );
}
