/**
 * A storyboard as the editor shows it: each scene with its estimated and (once previewed) narrated length and the
 * picture it is planned to get, the whole one's length and price with the brand kit's cards, and which uploads are
 * clips.
 */

import { cardSeconds } from '~/contract/brand.ts';
import { cleanScript } from '~/contract/clean.ts';
import { type Storyboard, type StoryboardScene, storyboardCost, storyboardScript } from '~/contract/storyboard.ts';
import { availableSources, estimateNarration, videoDimensions, videoTitle } from '~/contract/video.ts';
import type { Voice } from '~/contract/voices.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { VoiceCatalogue } from '~/server/providers/tts/catalogue.ts';
import { type ContentCache, narrationKey } from '../cache.ts';
import { plannedPicture, storyboardReadings, videoIllustrationStyle } from '../pictures/plan.ts';
import { pictureSourceAvailability } from '../pictures/sources.ts';
import type { StoryboardChecks } from './checks.ts';
import type { StoryboardRow } from './store.ts';

/** The key of a scene's narration: what the render's narrate stage looks up. */
export const narrationKeyOf = (voice: Voice, scene: Pick<StoryboardScene, 'text'>) =>
  narrationKey({ voice, settings: {}, text: cleanScript(scene.text) });

export function storyboardView(
  { config }: Pick<ApiDeps, 'config'>,
  catalogue: VoiceCatalogue,
  cache: ContentCache,
  { brandOf, uploadedClips }: StoryboardChecks,
) {
  const available = pictureSourceAvailability(config);

  /** `clipFileIds` when the caller has just read the uploads (a save checks them first). */
  return async function view(row: StoryboardRow, clipFileIds?: string[]): Promise<Storyboard> {
    const voice = await catalogue.find(row.settings.voiceId).catch(() => undefined);
    const script = storyboardScript(row.scenes);
    const sources = availableSources(row.settings.visualOrder, {
      stock: available.stock.available,
      ai: available.ai.available,
    });
    const brand = await brandOf(row.uid, row.settings);
    const cards = cardSeconds(brand);
    const style = videoIllustrationStyle(
      row.id,
      videoDimensions(row.settings.aspect, row.settings.resolution),
      row.settings.captionOptions.position,
      brand,
    );
    const readings = storyboardReadings(row.scenes);
    const scenes = await Promise.all(
      row.scenes.map(async (scene, index) => {
        const narrated = voice ? await cache.getNarration(narrationKeyOf(voice, scene)) : null;
        const picture = plannedPicture({ ...scene, text: cleanScript(scene.text) }, sources, available.ai.available, {
          reading: readings[index]!,
          index,
          style,
        });
        return {
          ...scene,
          estimatedSec: estimateNarration(scene.text).seconds,
          narratedSec: narrated ? narrated.durationMs / 1000 : null,
          picture,
        };
      }),
    );
    return {
      id: row.id,
      title: videoTitle(script),
      status: row.status,
      version: row.version,
      settings: row.settings,
      scenes,
      estimatedSec: estimateNarration(script).seconds + cards,
      cost: storyboardCost(row.scenes, row.settings.resolution, cards),
      videoId: row.videoId,
      clipFileIds: clipFileIds ?? (await uploadedClips(row.uid, row.scenes)),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  };
}
