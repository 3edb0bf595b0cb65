/** An in-page player: play/pause, a seekable progress bar and the time, over a plain <audio> element. */
import { useEffect, useRef, useState } from 'react';
import { ICON_PATHS } from '~/icons/paths';
import { clockTime } from './script-export';

export function AudioPlayer({
  src,
  label,
  durationHint,
}: {
  src: string;
  label: string;
  durationHint?: number | null;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(durationHint ?? 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source is the trigger: the player starts over
  useEffect(() => {
    setPlaying(false);
    setTime(0);
  }, [src]);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setPlaying(false));
    else el.pause();
  };

  return (
    <div
      className="flex items-center gap-3 rounded-xl border border-white/10 bg-ink-900/60 px-3 py-2"
      data-testid="audio-player"
    >
      <audio
        ref={audio}
        src={src}
        // A CORS request: the API answers it for the site's origin, whatever its resource policy for plain loads.
        crossOrigin="anonymous"
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
      />
      <button
        type="button"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-500 text-white hover:bg-brand-400"
        aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
        onClick={toggle}
      >
        {playing ? (
          <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
            <path d={ICON_PATHS.pause} />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" className="ml-0.5 size-5" fill="currentColor" aria-hidden="true">
            <path d={ICON_PATHS.play} />
          </svg>
        )}
      </button>
      <input
        type="range"
        className="h-1.5 flex-1 cursor-pointer accent-cyan-400"
        min={0}
        max={duration || 1}
        step={0.05}
        value={Math.min(time, duration || 1)}
        aria-label={`Position in ${label}`}
        aria-valuetext={`${clockTime(time)} of ${clockTime(duration)}`}
        onChange={(e) => {
          const el = audio.current;
          if (el) el.currentTime = Number(e.target.value);
          setTime(Number(e.target.value));
        }}
      />
      <span className="w-24 shrink-0 text-right text-xs tabular-nums text-fg-muted" data-testid="audio-time">
        {clockTime(time)} / {clockTime(duration)}
      </span>
    </div>
  );
}
