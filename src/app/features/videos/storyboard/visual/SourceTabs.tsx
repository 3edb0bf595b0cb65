/** The picture dialog's row of sources, one tab each, moved through with the arrow keys like any tab list. */
import { type KeyboardEvent, useRef } from 'react';
import { Icon } from '~/app/components/Icon';
import type { SourceTab } from '../model';

export const TABS = [
  { id: 'stock', label: 'Stock' },
  { id: 'ai', label: 'AI image' },
  { id: 'illustration', label: 'Illustration' },
  { id: 'designed', label: 'Designed' },
  { id: 'upload', label: 'Upload' },
] as const satisfies readonly { id: SourceTab; label: string }[];
export type TabId = SourceTab;

/** The ids a tab and its panel are known by, from one prefix. */
export const tabIds = (prefix: string, tab: TabId) => ({ tab: `${prefix}-tab-${tab}`, panel: `${prefix}-panel` });

export function SourceTabs({
  prefix,
  tab,
  lacking,
  onTab,
}: {
  prefix: string;
  tab: TabId;
  /** Sources this server lacks: marked with a lock, their panels say why. */
  lacking: ReadonlySet<TabId>;
  onTab: (tab: TabId) => void;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onTabKey(event: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    onTab(TABS[next]!.id);
    tabs.current[next]?.focus();
  }

  return (
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
          id={tabIds(prefix, t.id).tab}
          aria-selected={tab === t.id}
          aria-controls={tabIds(prefix, t.id).panel}
          tabIndex={tab === t.id ? 0 : -1}
          className={`btn btn-sm flex-1 whitespace-nowrap ${tab === t.id ? 'bg-brand-500/25 text-fg' : 'btn-ghost text-fg-muted'}`}
          aria-label={lacking.has(t.id) ? `${t.label}, not on this server` : undefined}
          onClick={() => onTab(t.id)}
        >
          {t.label}
          {lacking.has(t.id) ? <Icon name="lock" className="size-3.5 opacity-70" /> : null}
        </button>
      ))}
    </div>
  );
}
