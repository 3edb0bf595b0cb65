/**
 * The storyboard's rules, behind its routes: a script becomes scenes the way the pipeline splits them (with a
 * search query each) and saves are checked against the version edited, here; the checks against the account
 * (checks.ts), the editor's view (view.ts), previews from the same content cache the render
 * reads, so previewing is not paid twice (previews.ts), and a render that holds its credits like POST
 * /videos (render.ts) are composed in.
 */
import type { z } from 'zod';
import { cleanScript } from '~/contract/clean.ts';
import {
  type CreateStoryboardRequest,
  newSceneId,
  renderableScenesSchema,
  type Storyboard,
  type saveStoryboardRequestSchema,
} from '~/contract/storyboard.ts';
import type { VideoSettings } from '~/contract/video.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import { parse } from '~/server/http/validate.ts';
import { splitScenes } from '~/server/media/scenes.ts';
import { createSceneQueryWriter } from '~/server/providers/llm/visualQueries.ts';
import { voiceCatalogue } from '~/server/providers/tts/catalogue.ts';
import { createContentCache } from '../cache.ts';
import type { BrandKitSource } from '../service.ts';
import { storyboardChecks } from './checks.ts';
import { storyboardPreviews } from './previews.ts';
import { storyboardRender } from './render.ts';
import { deleteStoryboard, insertStoryboard, updateStoryboard } from './store.ts';
import { storyboardView } from './view.ts';

export const STALE_STORYBOARD_MESSAGE =
  'This storyboard was changed in another tab or window. Reload it to see the latest version, then make your edits again.';

export function storyboardService(
  deps: Pick<ApiDeps, 'database' | 'queue' | 'config' | 'storage'>,
  brandKit: BrandKitSource,
) {
  const { database, config } = deps;
  const catalogue = voiceCatalogue(config.providers);
  const cache = createContentCache(config.dataDir, config.videoCacheMaxBytes);
  const checks = storyboardChecks(deps, catalogue, brandKit);
  const { existing, voiceOf, musicName, uploadedClips, aiChoices } = checks;
  const view = storyboardView(deps, catalogue, cache, checks);

  return {
    view,

    async create(uid: string, request: CreateStoryboardRequest): Promise<Storyboard> {
      const { script, ...settings } = request;
      // The create form's fields are top-level (voiceId, music.fileId), not under `settings`.
      const topLevel = (error: unknown) => {
        if (error instanceof HttpError && error.fields)
          throw new HttpError(
            400,
            error.message,
            Object.fromEntries(
              Object.entries(error.fields).map(([field, message]) => [field.replace(/^settings\./, ''), message]),
            ),
          );
        throw error;
      };
      await voiceOf(settings.voiceId).catch(topLevel);
      await musicName(uid, settings).catch(topLevel);
      const texts = splitScenes(cleanScript(script));
      const queries = await createSceneQueryWriter(config.llm)(texts);
      const scenes = parse(
        renderableScenesSchema,
        texts.map((text, i) => ({
          id: newSceneId(),
          text,
          query: queries[i] ?? '',
          visual: { kind: 'auto' },
          transition: 'crossfade',
        })),
      );
      return view(await insertStoryboard(database.db, { uid, settings: settings satisfies VideoSettings, scenes }));
    },

    get: async (uid: string, id: string) => view(await existing(uid, id)),

    async save(uid: string, id: string, request: z.output<typeof saveStoryboardRequestSchema>): Promise<Storyboard> {
      await voiceOf(request.settings.voiceId);
      await aiChoices(uid, id, request.scenes);
      const clips = await uploadedClips(uid, request.scenes, { refuseMissing: true });
      await musicName(uid, request.settings);
      const saved = await updateStoryboard(database.db, uid, id, request);
      if (saved === 'stale') throw new HttpError(409, STALE_STORYBOARD_MESSAGE);
      if (!saved) throw notFound('Storyboard not found');
      return view(saved, clips);
    },

    async remove(uid: string, id: string): Promise<void> {
      if (!(await deleteStoryboard(database.db, uid, id))) throw notFound('Storyboard not found');
    },

    ...storyboardPreviews(deps, cache, checks),
    render: storyboardRender(deps, checks),
  };
}
