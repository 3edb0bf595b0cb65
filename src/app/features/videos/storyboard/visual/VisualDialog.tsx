/**
 * "Change visual" for one scene: stock photos and videos found by the scene's words, an AI image from a prompt
 * (Regenerate draws a new seed), an illustration drawn from the scene's words, the designed background, or the
 * user's own image or clip. It opens on a source this server has; one it lacks says why and offers the illustration
 * (MissingSource.tsx). One file per tab beside this one.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { Dialog } from '~/app/components/Dialog';
import { $pictureSources, loadPictureSources } from '~/app/features/videos/picture-sources';
import type { StoryboardScene } from '~/contract/storyboard';
import type { ScenePicture, VideoAspect, VisualOrder } from '~/contract/video';
import { openingTab } from '../model';
import { AiTab } from './AiTab';
import type { VisualChoice } from './choice';
import { DesignedTab } from './DesignedTab';
import { IllustrationTab } from './IllustrationTab';
import { MissingSource } from './MissingSource';
import { SourceTabs, type TabId, tabIds } from './SourceTabs';
import { StockTab } from './StockTab';
import { UploadTab } from './UploadTab';

export type { VisualChoice } from './choice';

export interface VisualDialogProps {
  scene: StoryboardScene;
  number: number;
  aspect: VideoAspect;
  /** What the server said of this scene's picture for the words on screen, if it has (for what will be drawn). */
  picture: ScenePicture | null;
  /** The saved visual order, which that answer followed. */
  visualOrder: VisualOrder;
  onPick: (choice: VisualChoice) => void;
  onClose: () => void;
}

export function VisualDialog({ scene, number, aspect, picture, visualOrder, onPick, onClose }: VisualDialogProps) {
  const sources = useStore($pictureSources);
  useEffect(() => void loadPictureSources(), []);
  const lacking = sources ? { stock: !sources.stock.available, ai: !sources.ai.available } : null;
  // Until the user picks a tab, it follows what the server says it has (the answer may come after the dialog opens).
  const [chosen, setChosen] = useState<TabId | null>(null);
  const tab = chosen ?? openingTab(scene.visual, visualOrder, lacking);
  const prefix = useId();
  const ids = tabIds(prefix, tab);
  return (
    <Dialog
      title={`Change the visual of scene ${number}`}
      onClose={onClose}
      close="icon"
      className="!max-w-3xl gap-4 p-4 sm:p-6"
      testId="visual-dialog"
    >
      <SourceTabs
        prefix={prefix}
        tab={tab}
        lacking={
          new Set<TabId>([...(lacking?.stock ? ['stock' as const] : []), ...(lacking?.ai ? ['ai' as const] : [])])
        }
        onTab={setChosen}
      />
      <div id={ids.panel} role="tabpanel" aria-labelledby={ids.tab} className="grid gap-4">
        {tab === 'stock' && lacking?.stock ? <MissingSource source="stock" scene={scene} onPick={onPick} /> : null}
        {tab === 'stock' && !lacking?.stock ? <StockTab scene={scene} aspect={aspect} onPick={onPick} /> : null}
        {tab === 'ai' && lacking?.ai ? <MissingSource source="ai" scene={scene} onPick={onPick} /> : null}
        {tab === 'ai' && !lacking?.ai ? (
          <AiTab scene={scene} engine={sources?.ai.engine ?? null} onPick={onPick} />
        ) : null}
        {tab === 'illustration' ? (
          <IllustrationTab scene={scene} picture={picture} visualOrder={visualOrder} onPick={onPick} />
        ) : null}
        {tab === 'designed' ? <DesignedTab scene={scene} onPick={onPick} /> : null}
        {tab === 'upload' ? <UploadTab scene={scene} onPick={onPick} /> : null}
      </div>
    </Dialog>
  );
}
