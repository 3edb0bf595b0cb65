import type { VideoRecord } from '~/contract/video';
import { percent, STATUS_LABELS } from './model';

const TONES: Record<VideoRecord['status'], string> = {
  draft: 'border-white/15 bg-white/5 text-fg-muted',
  queued: 'border-white/15 bg-white/5 text-fg-muted',
  active: 'border-cyan-400/30 bg-cyan-400/10 text-cyan-300',
  succeeded: 'border-success/30 bg-success/10 text-success',
  failed: 'border-danger/30 bg-danger/10 text-danger',
  cancelled: 'border-white/15 bg-white/5 text-fg-subtle',
};

/** The video's status in one word; while it is being made, with the real progress. */
export function StatusBadge({ video }: { video: Pick<VideoRecord, 'status' | 'progress'> }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[video.status]}`}
      data-testid="video-status"
    >
      {video.status === 'active' ? (
        <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
      ) : null}
      {STATUS_LABELS[video.status]}
      {video.status === 'active' ? <span className="tabular-nums">{percent(video.progress)}%</span> : null}
    </span>
  );
}
