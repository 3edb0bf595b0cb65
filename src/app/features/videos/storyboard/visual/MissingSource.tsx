/**
 * A tab whose source this server lacks (no stock library, no image model): why, in plain words with the key that
 * would add it, and the illustration instead in one click. The tab never offers the source as if it worked.
 */

import { Icon } from '~/app/components/Icon';
import { MISSING_SOURCE_REASONS } from '~/contract/picture-choices';
import type { StoryboardScene } from '~/contract/storyboard';
import { Notice, type VisualChoice } from './choice';

export function MissingSource({
  source,
  scene,
  onPick,
}: {
  source: keyof typeof MISSING_SOURCE_REASONS;
  scene: StoryboardScene;
  onPick: (choice: VisualChoice) => void;
}) {
  return (
    <div className="grid gap-3" data-testid="missing-source">
      <Notice>{MISSING_SOURCE_REASONS[source]}</Notice>
      <p className="text-sm text-fg-muted">
        An illustration drawn from the scene’s own words works here: it is made on this server and costs nothing extra.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-pressed={scene.visual.kind === 'illustration'}
          onClick={() => onPick({ visual: { kind: 'illustration' } })}
        >
          <Icon name="image" className="size-4" />
          Use an illustration instead
        </button>
      </div>
    </div>
  );
}
