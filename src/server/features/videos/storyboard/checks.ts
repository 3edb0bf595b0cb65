/**
 * What a storyboard is checked against on the account: it is the user's, its voice can speak, its music and uploads
 * are still the user's files, and the brand kit a render would take now.
 */
import { appliedBrand, type BrandSnapshot } from '~/contract/brand.ts';
import { NO_IMAGE_MODEL_MESSAGE } from '~/contract/picture-choices.ts';
import type { StoryboardScene } from '~/contract/storyboard.ts';
import { MUSIC_UPLOAD, VIDEO_UPLOAD, type VideoSettings } from '~/contract/video.ts';
import { isVoiceAvailable, UNKNOWN_VOICE_MESSAGE, unavailableVoiceMessage, type Voice } from '~/contract/voices.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import { storedPictureProblem } from '~/server/media/upload.ts';
import type { VoiceCatalogue } from '~/server/providers/tts/catalogue.ts';
import { availableEngines } from '~/server/providers/tts/index.ts';
import { storageKey } from '~/server/storage/index.ts';
import { pictureSourceAvailability } from '../pictures/sources.ts';
import type { BrandKitSource } from '../service.ts';
import { ownedFiles } from '../store.ts';
import { findStoryboard, type StoryboardRow } from './store.ts';

export const invalid = (field: string, message: string) => new HttpError(400, 'Invalid input', { [field]: message });

/**
 * The first scene set to an AI image that was not saved so (a new choice, prompt or seed), or -1. A scene saved as
 * an AI image while the server had a model keeps it; the view says the illustration stands in.
 */
export function newAiChoice(
  scenes: readonly Pick<StoryboardScene, 'id' | 'visual'>[],
  saved: readonly Pick<StoryboardScene, 'id' | 'visual'>[],
): number {
  // By field: a jsonb column gives the keys back in its own order.
  const aiOf = ({ visual }: Pick<StoryboardScene, 'visual'>) =>
    visual.kind === 'ai' ? `${visual.seed}:${visual.prompt}` : undefined;
  const before = new Map(saved.map((scene) => [scene.id, aiOf(scene)]));
  return scenes.findIndex((scene) => scene.visual.kind === 'ai' && before.get(scene.id) !== aiOf(scene));
}

export function storyboardChecks(
  { database, config, storage }: Pick<ApiDeps, 'database' | 'config' | 'storage'>,
  catalogue: VoiceCatalogue,
  brandKit: BrandKitSource,
) {
  const existing = async (uid: string, id: string): Promise<StoryboardRow> => {
    const row = await findStoryboard(database.db, uid, id);
    if (!row) throw notFound('Storyboard not found');
    return row;
  };

  async function voiceOf(voiceId: string): Promise<Voice> {
    const voice = await catalogue.find(voiceId);
    if (!voice) throw invalid('settings.voiceId', UNKNOWN_VOICE_MESSAGE);
    if (!isVoiceAvailable(voice, availableEngines(config.providers)))
      throw invalid('settings.voiceId', unavailableVoiceMessage(voice));
    return voice;
  }

  /** The user's own music, when the settings name it, must still be theirs; its name is kept for the video page. */
  async function musicName(uid: string, settings: VideoSettings): Promise<string | null> {
    const fileId = settings.music.fileId;
    if (!fileId) return null;
    const music = (await ownedFiles(database.db, uid, [fileId])).get(fileId);
    if (!music || !(MUSIC_UPLOAD.types as readonly string[]).includes(music.contentType))
      throw invalid('settings.music.fileId', 'Your music file is no longer available. Upload it again.');
    return music.name;
  }

  /** The account's kit as a render would take it now, by the settings' switch (absent: the kit's own default). */
  async function brandOf(uid: string, settings: VideoSettings): Promise<BrandSnapshot | null> {
    return appliedBrand(await brandKit(uid), settings.brandKit);
  }

  /**
   * Which of the scenes' uploads are clips. With `refuseMissing`, a scene whose upload is no longer the user's image
   * or clip is refused (saving and rendering); a view only leaves it unmarked.
   */
  async function uploadedClips(
    uid: string,
    scenes: readonly StoryboardScene[],
    { refuseMissing = false } = {},
  ): Promise<string[]> {
    const ids = scenes.flatMap((s) => (s.visual.kind === 'upload' ? [s.visual.fileId] : []));
    if (ids.length === 0) return [];
    const owned = await ownedFiles(database.db, uid, ids);
    const accepted: readonly string[] = [...VIDEO_UPLOAD.types, ...VIDEO_UPLOAD.clipTypes];
    if (refuseMissing)
      scenes.forEach((scene, i) => {
        if (scene.visual.kind === 'upload' && !accepted.includes(owned.get(scene.visual.fileId)?.contentType ?? ''))
          throw invalid(
            `scenes.${i}.visual`,
            'This upload is no longer available. Upload it again or choose another visual.',
          );
      });
    // The decoded-size rule of POST /videos/uploads, for a file stored through another route too.
    if (refuseMissing)
      for (const [i, scene] of scenes.entries()) {
        if (scene.visual.kind !== 'upload' || !owned.get(scene.visual.fileId)?.contentType.startsWith('image/'))
          continue;
        const problem = await storedPictureProblem(storage, storageKey(uid, scene.visual.fileId));
        if (problem) throw invalid(`scenes.${i}.visual`, `This picture cannot be used. ${problem}`);
      }
    return ids.filter((id) => owned.get(id)?.contentType.startsWith('video/'));
  }

  const hasImageModel = pictureSourceAvailability(config).ai.available;

  /** Choosing an AI image on a server without an image model is refused, never quietly drawn as something else. */
  async function aiChoices(uid: string, id: string, scenes: readonly StoryboardScene[]): Promise<void> {
    if (hasImageModel || !scenes.some((scene) => scene.visual.kind === 'ai')) return;
    const index = newAiChoice(scenes, (await existing(uid, id)).scenes);
    if (index >= 0) throw invalid(`scenes.${index}.visual`, NO_IMAGE_MODEL_MESSAGE);
  }

  return { existing, voiceOf, musicName, brandOf, uploadedClips, aiChoices };
}

export type StoryboardChecks = ReturnType<typeof storyboardChecks>;
