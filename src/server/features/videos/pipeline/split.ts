/** Stage `split`: the script's scenes, or a storyboard's own scenes and queries. */
import { cleanScript } from '~/contract/clean.ts';
import type { StoryboardScene } from '~/contract/storyboard.ts';
import { splitScenes } from '~/server/media/scenes.ts';
import { MediaError } from '../errors.ts';
import { hasWords } from './clean.ts';
import type { Manifest } from './manifest.ts';

export function split(
  text: string,
  storyboard: readonly StoryboardScene[] | undefined,
): Pick<Manifest, 'scenes' | 'queries'> {
  if (!storyboard) return { scenes: splitScenes(text) };
  // The user's scenes stand; only what a voice cannot read is taken out of each.
  const scenes = storyboard.map((scene, i) => {
    const sceneText = cleanScript(scene.text);
    if (!hasWords(sceneText))
      throw new MediaError(`Scene ${i + 1} has nothing a voice can read. Edit it and render again.`, 'split', {
        retryable: false,
      });
    return sceneText;
  });
  return { scenes, queries: storyboard.map((scene) => scene.query) };
}
