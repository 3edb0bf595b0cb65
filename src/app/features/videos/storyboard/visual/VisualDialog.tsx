/**
 * "Change visual" for one scene: stock photos and videos found by the scene's words, an AI image from a prompt
 * (Regenerate draws a new seed), an illustration drawn from the scene's words, the designed background, or the
 * user's own image or clip.
 */
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { SceneVisual, StoryboardScene } from '~/contract/storyboard';
import type { ScenePicture, VideoAspect, VisualOrder } from '~/contract/video';
import { useDialogFocus } from '../../../../components/dialog-focus';
import { Icon } from '../../../../components/Icon';
import { AiTab } from './AiTab';
import type { VisualChoice } from './choice';
import { DesignedTab } from './DesignedTab';
import { IllustrationTab } from './IllustrationTab';
import { StockTab } from './StockTab';
import { UploadTab } from './UploadTab';

export type { VisualChoice } from './choice';

const TABS = [
  { id: 'stock', label: 'Stock' },
  { id: 'ai', label: 'AI image' },
  { id: 'illustration', label: 'Illustration' },
  { id: 'designed', label: 'Designed' },
  { id: 'upload', label: 'Upload' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const initialTab = (visual: SceneVisual): TabId => (visual.kind === 'auto' ? 'stock' : visual.kind);

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
  const [tab, setTab] = useState<TabId>(initialTab(scene.visual));
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  useDialogFocus(panel, close, onClose);

  function onTabKey(event: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]!.id);
    tabs.current[next]?.focus();
  }

  return (
    <>
      <div className="dialog-backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        className="dialog-panel card grid !max-w-3xl gap-4 p-4 sm:p-6"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="visual-dialog"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            Change the visual of scene {number}
          </h2>
          <button ref={close} type="button" className="btn btn-ghost btn-sm !px-2" onClick={onClose} aria-label="Close">
            <Icon name="close" className="size-4" />
          </button>
        </div>
        <div
          className="grid grid-cols-3 gap-1 rounded-xl border border-white/10 bg-white/[0.03] p-1 sm:grid-cols-5"
          role="tablist"
          aria-label="Where the visual comes from"
          onKeyDown={onTabKey}
        >
          {TABS.map((t, i) => (
            <button
              key={t.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${titleId}-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`${titleId}-panel`}
              tabIndex={tab === t.id ? 0 : -1}
              className={`btn btn-sm flex-1 whitespace-nowrap ${tab === t.id ? 'bg-brand-500/25 text-fg' : 'btn-ghost text-fg-muted'}`}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div id={`${titleId}-panel`} role="tabpanel" aria-labelledby={`${titleId}-tab-${tab}`} className="grid gap-4">
          {tab === 'stock' ? <StockTab scene={scene} aspect={aspect} onPick={onPick} /> : null}
          {tab === 'ai' ? <AiTab scene={scene} onPick={onPick} /> : null}
          {tab === 'illustration' ? (
            <IllustrationTab scene={scene} picture={picture} visualOrder={visualOrder} onPick={onPick} />
          ) : null}
          {tab === 'designed' ? <DesignedTab scene={scene} onPick={onPick} /> : null}
          {tab === 'upload' ? <UploadTab scene={scene} onPick={onPick} /> : null}
        </div>
      </div>
    </>
  );
}
