/** The storyboard's scenes, in order, each a card with its edits. */
import { toast } from 'sonner';
import {
  mergeWithNext,
  moveScene,
  type Storyboard,
  type StoryboardScene,
  splitScene,
  updateScene,
} from '~/contract/storyboard';
import { isClip, previewVersion, type SplitErrors, sceneLength, scenePicture } from './model';
import { SceneCard, type SceneCardProps } from './SceneCard';

export function SceneList({
  scenes,
  saved,
  clips,
  errors,
  aspect,
  previewPath,
  narrationOf,
  edit,
  onDelete,
  onChangeVisual,
  onNarration,
}: {
  scenes: readonly StoryboardScene[];
  saved: Storyboard;
  /** Uploads of this visit known to be clips, before the server's answer names them. */
  clips: ReadonlySet<string>;
  errors: SplitErrors['scenes'];
  aspect: string;
  previewPath: (sceneId: string) => string;
  narrationOf: (sceneId: string) => SceneCardProps['narration'];
  /** `group` makes typing one scene's words one undo step. */
  edit: (change: (scenes: readonly StoryboardScene[]) => StoryboardScene[], group?: string) => void;
  onDelete: (scene: StoryboardScene, index: number) => void;
  onChangeVisual: (sceneId: string) => void;
  onNarration: (sceneId: string) => void;
}) {
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby="scenes-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="scenes-title" className="text-lg font-semibold text-fg">
          Scenes
        </h2>
        <p className="text-xs text-fg-subtle">Edit the words, change a picture, drag or use the arrows to reorder.</p>
      </div>
      <ol className="grid gap-4">
        {scenes.map((scene, index) => {
          const savedIndex = saved.scenes.findIndex((s) => s.id === scene.id);
          const savedScene = saved.scenes[savedIndex];
          return (
            <SceneCard
              key={scene.id}
              scene={scene}
              index={index}
              count={scenes.length}
              length={sceneLength(scene, saved.scenes)}
              picture={scenePicture(scene, saved.scenes)}
              previewPath={savedScene ? previewPath(scene.id) : null}
              previewVersion={savedScene ? previewVersion(savedScene, savedIndex, saved.settings) : ''}
              aspect={aspect}
              clip={
                isClip(scene.visual, clips) ||
                (scene.visual.kind === 'upload' && saved.clipFileIds.includes(scene.visual.fileId))
              }
              errors={errors[scene.id]}
              narration={narrationOf(scene.id)}
              onText={(text) => edit((s) => updateScene(s, scene.id, { text }), `text:${scene.id}`)}
              onTransition={(transition) => edit((s) => updateScene(s, scene.id, { transition }))}
              onSplit={(at) => {
                const next = splitScene(scenes, scene.id, at);
                if (next.length === scenes.length)
                  toast.info(
                    'Put the cursor inside the text, between two sentences, where the new scene should start.',
                  );
                else edit(() => next);
              }}
              onMerge={() => edit((s) => mergeWithNext(s, scene.id))}
              onMove={(by) => edit((s) => moveScene(s, scene.id, index + by))}
              onDropScene={(dragged) => edit((s) => moveScene(s, dragged, index))}
              onDelete={() => onDelete(scene, index)}
              onChangeVisual={() => onChangeVisual(scene.id)}
              onNarration={() => onNarration(scene.id)}
            />
          );
        })}
      </ol>
    </section>
  );
}
