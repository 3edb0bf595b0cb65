/** Icons the agent screens need beyond the app's set, drawn the same way (24px grid, currentColor strokes). */
const PATHS = {
  download: 'M12 4v11M7 10.5l5 5 5-5M5 20h14',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  upload: 'M12 16V5M7 9.5l5-5 5 5M5 20h14',
  close: 'M6 6l12 12M18 6L6 18',
  play: 'M8 5v14l11-7z',
  stop: 'M7 7h10v10H7z',
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  music: 'M9 18V6l11-2v12M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  captions: 'M3 5h18v14H3zM7 11h4M13 11h4M7 15h10',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
} as const;

export type AgentIconName = keyof typeof PATHS;

export function AgentIcon({ name, className = 'size-5' }: { name: AgentIconName; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
