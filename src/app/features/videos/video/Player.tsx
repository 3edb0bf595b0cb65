import { useRef, useState } from 'react';
import { downloadUrl } from '~/app/components/files';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import type { VideoRecord } from '~/contract/video';
import { fileStem } from '../actions';

export function Player({ video, onExpired }: { video: VideoRecord; onExpired: () => void }) {
  const [downloading, setDownloading] = useState<'mp4' | 'srt' | 'vtt' | null>(null);
  const refreshed = useRef(false);
  const file = video.video;
  if (!file) return null;
  const ratio = video.width / video.height;
  async function download(kind: 'mp4' | 'srt' | 'vtt', url: string) {
    setDownloading(kind);
    await downloadUrl(url, `${fileStem(video)}.${kind}`);
    setDownloading(null);
  }
  return (
    <section className="card overflow-hidden" aria-label="Your video">
      <div className="bg-black">
        <video
          className="mx-auto block bg-black"
          style={{
            width: `min(100%, calc(72dvh * ${ratio.toFixed(4)}))`,
            aspectRatio: `${video.width} / ${video.height}`,
          }}
          src={file.url}
          poster={video.thumbnail?.url}
          controls
          playsInline
          preload="metadata"
          data-testid="video-player"
          // Signed links last an hour; a page left open longer fetches fresh ones (once: other errors would loop).
          onError={() => {
            if (refreshed.current) return;
            refreshed.current = true;
            onExpired();
          }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 p-4">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void download('mp4', file.url)}
          disabled={downloading !== null}
        >
          {downloading === 'mp4' ? <Spinner /> : <Icon name="download" className="size-4" />}
          Download MP4
        </button>
        {video.subtitles ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void download('srt', video.subtitles!.url)}
            disabled={downloading !== null}
          >
            {downloading === 'srt' ? <Spinner /> : <Icon name="captions" className="size-4" />}
            Download subtitles (SRT)
          </button>
        ) : null}
        {video.captionsVtt ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void download('vtt', video.captionsVtt!.url)}
            disabled={downloading !== null}
          >
            {downloading === 'vtt' ? <Spinner /> : <Icon name="captions" className="size-4" />}
            Download captions (WebVTT)
          </button>
        ) : null}
        <span className="ml-auto text-xs text-fg-subtle">
          {(file.size / (1024 * 1024)).toFixed(1)} MB · H.264 + AAC
        </span>
      </div>
    </section>
  );
}
