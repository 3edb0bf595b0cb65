import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import {
  SPEECH_ENGINE_LABELS,
  SPEECH_LIMITS,
  speechEstimate,
  speechRequestSchema,
  type SpeechRecord,
} from '~/contract/speech';
import { DEFAULT_VOICE_ID, VOICES, findVoice, isVoiceAvailable, unavailableVoiceMessage, type ConfiguredEngines, type Voice } from '~/contract/voices';
import { api } from '~/lib/api/client';
import { refreshAccount } from '~/stores/account';
import { Icon } from '../components/Icon';
import { ScreenHeader } from '../components/Screen';
import { AudioPlayer } from '../studios/AudioPlayer';
import { HistoryList } from '../studios/HistoryList';
import { useConfirm } from '../studios/confirm';
import {
  EngineBadge,
  Field,
  Spinner,
  downloadUrl,
  formatDate,
  useHistory,
  useStudioSubmit,
} from '../studios/ui';

const LANGUAGES = [...new Map(VOICES.map((v) => [v.languageName, v.languageName])).keys()].sort((a, b) => a.localeCompare(b));
const POLL_MS = 1000;

const isFinished = (record: SpeechRecord) => record.status === 'succeeded' || record.status === 'failed';
const engineKind = (record: SpeechRecord) => (record.engine.id === 'espeak' ? 'offline' : 'ai');
const fileStem = (record: SpeechRecord) => `nxn-speech-${record.voiceName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${record.id.slice(0, 8)}`;

/** Plays a voice's short sample line with the chosen speed and pitch; one preview at a time. */
function usePreview() {
  const [playing, setPlaying] = useState<string | null>(null);
  const current = useRef<HTMLAudioElement | null>(null);
  useEffect(() => () => current.current?.pause(), []);

  async function preview(voice: Voice, speed: number, pitch: number) {
    current.current?.pause();
    if (playing === voice.id) {
      setPlaying(null);
      return;
    }
    setPlaying(voice.id);
    try {
      const response = await api.send(`/speech/voices/${encodeURIComponent(voice.id)}/preview?speed=${speed}&pitch=${pitch}`);
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        throw new Error(body.error ?? 'The preview could not be played.');
      }
      const url = URL.createObjectURL(await response.blob());
      const audio = new Audio(url);
      current.current = audio;
      audio.onended = () => {
        setPlaying((p) => (p === voice.id ? null : p));
        URL.revokeObjectURL(url);
      };
      await audio.play();
    } catch (error) {
      setPlaying(null);
      toast.error(error instanceof Error ? error.message : 'The preview could not be played.');
    }
  }
  return { playing, preview };
}

function VoicePicker({
  value,
  onChange,
  configured,
  speed,
  pitch,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  configured: ConfiguredEngines;
  speed: number;
  pitch: number;
  error: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const [language, setLanguage] = useState('');
  const [gender, setGender] = useState<'' | 'female' | 'male'>('');
  const { playing, preview } = usePreview();
  const q = search.trim().toLowerCase();
  const voices = VOICES.filter(
    (v) =>
      (!language || v.languageName === language) &&
      (!gender || v.gender === gender) &&
      (!q || `${v.name} ${v.languageName} ${v.language} ${SPEECH_ENGINE_LABELS[v.engine]}`.toLowerCase().includes(q)),
  );

  return (
    <fieldset className="grid gap-3">
      <legend className="label mb-1">Voice</legend>
      <div className="grid gap-2 sm:grid-cols-[2fr_2fr_1fr]">
        <input className="input" type="search" placeholder="Search voices" aria-label="Search voices" value={search} onChange={(e) => setSearch(e.target.value)} />
        <select className="input" aria-label="Language" value={language} onChange={(e) => setLanguage(e.target.value)}>
          <option value="">All languages</option>
          {LANGUAGES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <select className="input" aria-label="Gender" value={gender} onChange={(e) => setGender(e.target.value as typeof gender)}>
          <option value="">Any gender</option>
          <option value="female">Female</option>
          <option value="male">Male</option>
        </select>
      </div>
      <p className="hint">
        {voices.length} of {VOICES.length} voices
      </p>
      <ul className="grid max-h-80 gap-1 overflow-y-auto rounded-xl border border-white/10 bg-ink-950/40 p-1" role="listbox" aria-label="Voices">
        {voices.length === 0 ? <li className="p-3 text-sm text-fg-muted">No voice matches these filters.</li> : null}
        {voices.map((voice) => {
          const available = isVoiceAvailable(voice, configured);
          const selected = voice.id === value;
          return (
            <li
              key={voice.id}
              role="option"
              aria-selected={selected}
              aria-disabled={!available}
              className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm ${selected ? 'bg-brand-500/20 ring-1 ring-brand-400' : 'hover:bg-white/5'} ${
                available ? 'cursor-pointer' : 'opacity-60'
              }`}
              onClick={() => (available ? onChange(voice.id) : toast.info(unavailableVoiceMessage(voice)))}
            >
              <span className="min-w-0 flex-1">
                <span className="font-medium text-fg">{voice.name}</span>
                <span className="ml-2 text-xs text-fg-subtle">
                  {voice.languageName} · {voice.gender === 'female' ? 'Female' : 'Male'} · {SPEECH_ENGINE_LABELS[voice.engine]}
                </span>
                {!available ? <span className="block text-xs text-warning">{unavailableVoiceMessage(voice)}</span> : null}
              </span>
              {available ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`${playing === voice.id ? 'Stop preview of' : 'Preview'} ${voice.name}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    void preview(voice, speed, pitch);
                  }}
                >
                  {playing === voice.id ? '■ Stop' : '▶ Preview'}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

function SpeechResult({ record, onDelete }: { record: SpeechRecord; onDelete?: () => void }) {
  const excerpt = record.text.length > 140 ? `${record.text.slice(0, 140)}…` : record.text;
  return (
    <article className="grid gap-3 rounded-xl border border-white/[0.08] bg-white/[0.03] p-4" data-testid="speech-result" aria-label={`Speech by ${record.voiceName}`}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-fg-subtle">
        <span className="font-medium text-fg">{record.voiceName}</span>
        <EngineBadge label={record.engine.label} kind={engineKind(record)} />
        <span>{record.chars.toLocaleString('en-US')} characters</span>
        {record.speed !== 1 ? <span>· {record.speed}×</span> : null}
        {record.pitch !== 0 ? <span>· pitch {record.pitch > 0 ? '+' : ''}{record.pitch}</span> : null}
        <span>·</span>
        <time dateTime={record.createdAt}>{formatDate(record.createdAt)}</time>
      </div>
      <p className="text-sm text-fg-muted">{excerpt}</p>
      {record.status === 'succeeded' && record.mp3 && record.wav ? (
        <>
          <AudioPlayer src={record.mp3.url} label={`speech by ${record.voiceName}`} durationHint={record.durationSec} />
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void downloadUrl(record.wav!.url, `${fileStem(record)}.wav`)}>
              Download WAV
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void downloadUrl(record.mp3!.url, `${fileStem(record)}.mp3`)}>
              Download MP3
            </button>
            <span className="text-xs text-fg-subtle">
              {record.sampleRate ? `${(record.sampleRate / 1000).toLocaleString('en-US')} kHz` : ''}
              {record.creditsCharged ? ` · ${record.creditsCharged} credits` : ''}
            </span>
            {onDelete ? (
              <button type="button" className="btn btn-ghost btn-sm ml-auto" onClick={onDelete}>
                Delete
              </button>
            ) : null}
          </div>
        </>
      ) : record.status === 'failed' ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="flex-1 text-sm text-danger" role="alert">
            {record.error}
          </p>
          {onDelete ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onDelete}>
              Delete
            </button>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-1.5" role="status">
          <div className="flex items-center gap-2 text-sm text-fg-muted">
            <Spinner /> {record.status === 'queued' ? 'Waiting for a free voice engine…' : 'Synthesising…'}
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-white/10">
            <div className="h-full rounded-full bg-cyan-400 transition-[width]" style={{ width: `${Math.round(record.progress * 100)}%` }} />
          </div>
        </div>
      )}
    </article>
  );
}

export default function TextToSpeech() {
  const [text, setText] = useState('');
  const [voiceId, setVoiceId] = useState(DEFAULT_VOICE_ID);
  const [speed, setSpeed] = useState(1);
  const [pitch, setPitch] = useState(0);
  const [configured, setConfigured] = useState<ConfiguredEngines>({});
  const history = useHistory<SpeechRecord>('/speech', 8);
  const { errors, setErrors, busy, submit: send } = useStudioSubmit<SpeechRecord>('/speech', (record) => history.prepend([record]));
  const confirm = useConfirm();
  const estimate = speechEstimate(text);
  const voice = findVoice(voiceId);
  const pending = useMemo(() => history.items.filter((r) => !isFinished(r)).map((r) => r.id), [history.items]);

  useEffect(() => {
    api
      .get<{ configured: ConfiguredEngines }>('/speech/voices')
      .then((r) => setConfigured(r.configured))
      .catch(() => undefined);
  }, []);

  // Follows generations still running until they finish; the history then holds their players.
  useEffect(() => {
    if (pending.length === 0) return;
    const timer = setInterval(() => {
      for (const id of pending) {
        api
          .get<SpeechRecord>(`/speech/${id}`)
          .then((record) => {
            history.replace([record]);
            if (record.status === 'succeeded') void refreshAccount();
            if (record.status === 'failed') toast.error(record.error ?? 'The speech could not be made.');
          })
          .catch(() => undefined);
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending.join(','), history.replace]);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    await send(speechRequestSchema, { text, voiceId, speed, pitch });
  }

  const remove = (record: SpeechRecord) =>
    confirm.askDelete({
      title: 'Delete this voice-over?',
      body: 'Its WAV and MP3 files are removed for good.',
      path: `/speech/${record.id}`,
      deleted: 'Voice-over deleted.',
      then: () => history.remove(record.id),
    });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <ScreenHeader icon="voice" title="Text to speech" description="Turn text into natural speech with a choice of AI voices, ready to download." />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <form className="card card-pad grid grid-cols-[minmax(0,1fr)] gap-5" onSubmit={submit} noValidate aria-label="New voice-over">
          <Field
            label="Text"
            error={errors.text}
            hint={
              <span className={estimate.overLimit ? 'text-danger' : ''} data-testid="char-count">
                {estimate.chars.toLocaleString('en-US')} / {SPEECH_LIMITS.textMax.toLocaleString('en-US')} characters · {estimate.cost} credit
                {estimate.cost === 1 ? '' : 's'} (2 per started 1,000 characters)
              </span>
            }
          >
            {(props) => (
              <textarea
                {...props}
                className="input !min-h-48"
                value={text}
                placeholder="Paste or write the text to speak. Long texts are split at sentence boundaries and joined seamlessly."
                onChange={(e) => {
                  setText(e.target.value);
                  setErrors(({ text: _t, ...rest }) => rest);
                }}
              />
            )}
          </Field>
          <VoicePicker
            value={voiceId}
            onChange={(id) => {
              setVoiceId(id);
              setErrors(({ voiceId: _v, ...rest }) => rest);
            }}
            configured={configured}
            speed={speed}
            pitch={pitch}
            error={errors.voiceId}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={`Speed · ${speed.toFixed(2)}×`} error={errors.speed}>
              {(props) => (
                <input
                  {...props}
                  type="range"
                  className="accent-brand-400"
                  min={SPEECH_LIMITS.speedMin}
                  max={SPEECH_LIMITS.speedMax}
                  step={SPEECH_LIMITS.speedStep}
                  value={speed}
                  onChange={(e) => setSpeed(Number(e.target.value))}
                />
              )}
            </Field>
            <Field label={`Pitch · ${pitch > 0 ? '+' : ''}${pitch} semitones`} error={errors.pitch}>
              {(props) => (
                <input
                  {...props}
                  type="range"
                  className="accent-brand-400"
                  min={SPEECH_LIMITS.pitchMin}
                  max={SPEECH_LIMITS.pitchMax}
                  step={1}
                  value={pitch}
                  onChange={(e) => setPitch(Number(e.target.value))}
                />
              )}
            </Field>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-white/10 pt-4">
            <p className="text-sm text-fg-muted">
              {voice ? (
                <>
                  {voice.name} · {voice.languageName} · engine: {SPEECH_ENGINE_LABELS[voice.engine]}
                </>
              ) : null}
            </p>
            <button type="submit" className="btn btn-primary" disabled={busy || estimate.overLimit}>
              {busy ? <Spinner /> : <Icon name="voice" className="size-4" />}
              Generate speech
            </button>
          </div>
        </form>
        <section className="card card-pad grid gap-3" aria-labelledby="speech-history-title">
          <h2 id="speech-history-title" className="text-lg font-semibold text-fg">
            Your voice-overs
          </h2>
          <HistoryList
            history={history}
            loading="Loading…"
            failed="Your voice-overs could not be loaded."
            empty="Nothing yet. Generated speech appears here, newest first, ready to play and download."
          >
            {(items) => (
              <div className="grid gap-3">
                {items.map((record) => (
                  <SpeechResult key={record.id} record={record} onDelete={() => remove(record)} />
                ))}
              </div>
            )}
          </HistoryList>
        </section>
      </div>
      {confirm.dialog}
    </div>
  );
}
