/** The create form's background music choice: a library track, its mood and licence, and a short preview. */
import { MUSIC_TRACKS, musicTrack, type MusicTrackId } from '~/contract/music';
import { useAudioPreview } from '../components/audio-preview';
import { Field } from '../components/Field';
import { Icon } from '../components/Icon';
import { Spinner } from '../components/Spinner';

/** GET /videos/music/:track/preview: a few seconds, rendered and cached by the API. */
const previewPath = (id: MusicTrackId) => `/videos/music/${id}/preview`;

export function MusicTrackPicker({
  value,
  disabled,
  error,
  onChange,
}: {
  value: MusicTrackId;
  disabled: boolean;
  error?: string | undefined;
  onChange: (track: MusicTrackId) => void;
}) {
  const preview = useAudioPreview();
  const track = musicTrack(value);
  const playing = preview.state?.id === value;
  return (
    <Field label="Music track" hint={`${track.mood}${track.tempo ? `, ${track.tempo} BPM` : ''}. ${track.licence}`} error={error}>
      {(props) => (
        <div className="flex items-center gap-2">
          <select {...props} className="input" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as MusicTrackId)}>
            {MUSIC_TRACKS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-ghost btn-sm shrink-0 !px-2.5"
            aria-label={`${playing ? 'Stop preview of' : 'Preview'} ${track.name}`}
            aria-pressed={playing}
            onClick={() => void preview.toggle(value, previewPath(value))}
          >
            {playing && preview.state?.loading ? <Spinner /> : <Icon name={playing ? 'stop' : 'play'} className="size-4" />}
            <span className="hidden sm:inline">{playing ? 'Stop' : 'Preview'}</span>
          </button>
        </div>
      )}
    </Field>
  );
}
