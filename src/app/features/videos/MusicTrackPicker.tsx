/**
 * The create form's background music choice: a library track, its mood and licence, and a short preview; or the
 * user's own track (POST /videos/music/uploads), named, with its length and a player to hear it.
 */
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { useAudioPreview } from '~/app/components/audio-preview';
import { Field } from '~/app/components/Field';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import { MUSIC_TRACKS, type MusicTrackId, musicTrack } from '~/contract/music';
import { formatDuration, MUSIC_UPLOAD, type UploadedMusic, uploadedMusicSchema } from '~/contract/video';
import { ApiError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { musicUploadProblem } from './model';

/** GET /videos/music/:track/preview: a few seconds, rendered and cached by the API. */
const previewPath = (id: MusicTrackId) => `/videos/music/${id}/preview`;
const UPLOADED = 'upload';

async function uploadMusic(file: File): Promise<UploadedMusic> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post('/videos/music/uploads', body, { parse: (data) => uploadedMusicSchema.parse(data) });
}

/** Listening to a library track before choosing it (a second press stops it). */
function TrackPreview({
  id,
  name,
  disabled,
  preview,
}: {
  id: MusicTrackId;
  name: string;
  disabled: boolean;
  preview: ReturnType<typeof useAudioPreview>;
}) {
  const playing = preview.state?.id === id;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm shrink-0 !px-2.5"
      aria-label={`${playing ? 'Stop preview of' : 'Preview'} ${name}`}
      aria-pressed={playing}
      disabled={disabled}
      onClick={() => void preview.toggle(id, previewPath(id))}
    >
      {playing && preview.state?.loading ? <Spinner /> : <Icon name={playing ? 'stop' : 'play'} className="size-4" />}
      <span className="hidden sm:inline">{playing ? 'Stop' : 'Preview'}</span>
    </button>
  );
}

export function MusicTrackPicker({
  value,
  upload,
  disabled,
  error,
  onChange,
  onUpload,
}: {
  value: MusicTrackId;
  upload: UploadedMusic | null;
  disabled: boolean;
  error?: string | undefined;
  onChange: (track: MusicTrackId) => void;
  /** A new upload, or null when a library track is chosen again. */
  onUpload: (music: UploadedMusic | null) => void;
}) {
  const preview = useAudioPreview();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const track = musicTrack(value);

  async function add(file: File | undefined) {
    if (!file) return;
    const problem = musicUploadProblem(file);
    if (problem) return void toast.error(problem);
    setUploading(file.name);
    try {
      onUpload(await uploadMusic(file));
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 413))
        toast.error(`${file.name}: ${err.fields.file ?? err.message}`);
      else notifyApiError(err);
    } finally {
      setUploading(null);
      if (input.current) input.current.value = '';
    }
  }

  const hint = upload
    ? `Your own track${upload.name ? `, ${upload.name}` : ''}, ${formatDuration(Math.round(upload.durationSec))}; it loops if the video is longer. Use music you have the rights to.`
    : `${track.mood}${track.tempo ? `, ${track.tempo} BPM` : ''}. ${track.licence}`;
  return (
    <Field label="Music track" hint={hint} error={error}>
      {(props) => (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <select
              {...props}
              className="input min-w-0 flex-1"
              value={upload ? UPLOADED : value}
              disabled={disabled}
              onChange={(e) => {
                if (e.target.value === UPLOADED) return;
                onUpload(null);
                onChange(e.target.value as MusicTrackId);
              }}
            >
              {MUSIC_TRACKS.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
              {upload ? <option value={UPLOADED}>Your music: {upload.name ?? 'uploaded track'}</option> : null}
            </select>
            {upload ? null : <TrackPreview id={value} name={track.name} disabled={disabled} preview={preview} />}
            <button
              type="button"
              className="btn btn-ghost btn-sm shrink-0"
              disabled={disabled || uploading !== null}
              onClick={() => input.current?.click()}
            >
              {uploading ? <Spinner /> : <Icon name="upload" className="size-4" />}
              {uploading ? `Uploading ${uploading}…` : upload ? 'Upload another' : 'Upload your own'}
            </button>
            <input
              ref={input}
              type="file"
              className="sr-only"
              tabIndex={-1}
              accept={MUSIC_UPLOAD.accept}
              aria-label="Upload your own music"
              onChange={(e) => void add(e.target.files?.[0])}
            />
          </div>
          {upload ? (
            <audio
              className="h-9 w-full"
              controls
              preload="none"
              src={upload.url}
              aria-label={`Preview ${upload.name ?? 'your music'}`}
            />
          ) : null}
        </div>
      )}
    </Field>
  );
}
