/** The Designed tab: the abstract background that never fails, or "Choose for me". */

import { Icon } from '~/app/components/Icon';
import type { StoryboardScene } from '~/contract/storyboard';
import type { VisualChoice } from './choice';

export function DesignedTab({ scene, onPick }: { scene: StoryboardScene; onPick: (choice: VisualChoice) => void }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-fg-muted">
        An abstract background in the video’s colours, with slow movement. It never fails and costs nothing extra.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-pressed={scene.visual.kind === 'designed'}
          onClick={() => onPick({ visual: { kind: 'designed' } })}
        >
          <Icon name="wand" className="size-4" />
          Use a designed background
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-pressed={scene.visual.kind === 'auto'}
          onClick={() => onPick({ visual: { kind: 'auto' } })}
        >
          Choose for me
        </button>
      </div>
      <p className="hint">
        “Choose for me” takes the first source in the video’s visual order that has a picture for this scene.
      </p>
    </div>
  );
}
