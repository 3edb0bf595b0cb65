/** What a pick in the picture dialog gives the storyboard, and the note the tabs show beside their choices. */
import type { ReactNode } from 'react';
import { Icon } from '~/app/components/Icon';
import type { SceneVisual } from '~/contract/storyboard';

export interface VisualChoice {
  visual: SceneVisual;
  /** The words searched, kept as the scene's query so later searches and the AI prompt start from them. */
  query?: string;
  /** The upload is a video clip (the editor badges it). */
  clip?: boolean;
}

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'warning'; children: ReactNode }) {
  return (
    <p
      className={`flex items-start gap-2 rounded-xl border px-3 py-2 text-sm ${tone === 'warning' ? 'border-warning/30 bg-warning/10 text-warning' : 'border-white/10 bg-white/[0.03] text-fg-muted'}`}
      role={tone === 'warning' ? 'alert' : 'status'}
    >
      <Icon name={tone === 'warning' ? 'alert' : 'info'} className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
