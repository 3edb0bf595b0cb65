/** The Illustration tab: a picture drawn from the scene's words, and what it would draw of them. */

import { Icon } from '~/app/components/Icon';
import type { StoryboardScene } from '~/contract/storyboard';
import type { ScenePicture, VisualOrder } from '~/contract/video';
import { illustrationOutlook } from '../model';
import { Notice, type VisualChoice } from './choice';

export function IllustrationTab({
  scene,
  picture,
  visualOrder,
  onPick,
}: {
  scene: StoryboardScene;
  picture: ScenePicture | null;
  visualOrder: VisualOrder;
  onPick: (choice: VisualChoice) => void;
}) {
  const outlook = illustrationOutlook(scene.visual, picture, visualOrder);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-fg-muted">
        A picture drawn from the scene’s own words, in the video’s colours: the things it names as icons, a place it
        names as a map, a number it gives counting up. It is made here, with no stock library or image model, and costs
        nothing extra.
      </p>
      {outlook.kind === 'draws' ? (
        <p
          className="rounded-xl border border-white/10 bg-white/[0.03] px-3 py-2 text-sm text-fg"
          data-testid="illustration-outlook"
        >
          For this scene it draws: <span className="font-medium">{outlook.subjects.join(', ')}</span>.
        </p>
      ) : outlook.kind === 'type' ? (
        <p
          className="rounded-xl border border-white/10 bg-white/[0.03] px-3 py-2 text-sm text-fg"
          data-testid="illustration-outlook"
        >
          Nothing in this scene is sure to draw, so its words are set in large type:{' '}
          <span className="font-medium">{outlook.subjects.join(' ')}</span>.
        </p>
      ) : outlook.kind === 'nothing' ? (
        <Notice>
          Nothing in this scene’s words can be drawn yet, so the designed background stands in. Name a thing, a place or
          a number and the illustration shows it.
        </Notice>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-pressed={scene.visual.kind === 'illustration'}
          onClick={() => onPick({ visual: { kind: 'illustration' } })}
        >
          <Icon name="image" className="size-4" />
          Use an illustration
        </button>
      </div>
      <p className="hint">
        The scene’s preview shows the drawing once you pick it. When nothing in the scene is sure to draw, its words are
        set in large type rather than a doubtful picture.
      </p>
    </div>
  );
}
