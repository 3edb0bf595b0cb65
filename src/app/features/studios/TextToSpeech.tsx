import { useMemo, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import {
  SPEECH_LIMITS,
  speechEstimate,
  speechRequestSchema,
  type SpeechRecord,
} from '~/contract/speech';
import { DEFAULT_VOICE_ID, ENGINE_LABELS, QUALITY_LABELS, voiceQuality } from '~/contract/voices';
import { api } from '~/lib/api/client';
import { usePolling } from '~/lib/polling';
import { refreshAccount } from '~/stores/account';
import { useConfirm } from '../../components/confirm';
import { Field } from '../../components/Field';
import { downloadUrl } from '../../components/files';
import { formatDate } from '../../components/format';
import { useHistory } from '../../components/history';
import { HistoryList } from '../../components/HistoryList';
import { Icon } from '../../components/Icon';
import { ScreenHeader } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { VoicePicker } from '../../components/VoicePicker';
import { useDefaultVoice, useVoiceCatalogue } from '../../components/voice-preview';
import { AudioPlayer } from './AudioPlayer';
import { EngineBadge } from './EngineBadge';
import { useStudioSubmit } from './submit';

const POLL_MS = 1000;

const isFinished = (record: SpeechRecord) => record.status === 'succeeded' || record.status === 'failed';
const engineKind = (record: SpeechRecord) => (record.engine.id === 'espeak' || record.engine.id === 'festival' ? 'offline' : 'ai');
const fileStem = (record: SpeechRecord) => `nxn-speech-${record.voiceName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${record.id.slice(0, 8)}`;

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
  const history = useHistory<SpeechRecord>('/speech', 8);
  const { errors, setErrors, busy, submit: send } = useStudioSubmit<SpeechRecord>('/speech', (record) => history.prepend([record]));
  const confirm = useConfirm();
  const estimate = speechEstimate(text);
  const { voices } = useVoiceCatalogue();
  const chooseVoice = useDefaultVoice(setVoiceId);
  const voice = voices.find((v) => v.id === voiceId);
  const pending = useMemo(() => history.items.filter((r) => !isFinished(r)).map((r) => r.id), [history.items]);

  // Follows generations still running until they finish; the history then holds their players.
  usePolling(
    pending.length > 0 ? pending.join(',') : null,
    (signal) =>
      Promise.all(
        pending.map((id) =>
          api.get<SpeechRecord>(`/speech/${id}`, { signal }).then((record) => {
            history.replace([record]);
            if (record.status === 'succeeded') void refreshAccount();
            if (record.status === 'failed') toast.error(record.error ?? 'The speech could not be made.');
          }),
        ),
      ).then(() => undefined),
    { intervalMs: POLL_MS, immediate: false },
  );

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
      onDeleted: () => history.remove(record.id),
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
              chooseVoice(id);
              setErrors(({ voiceId: _v, ...rest }) => rest);
            }}
            layout="field"
            previewSettings={{ speed, pitch }}
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
                  {voice.name} · {QUALITY_LABELS[voiceQuality(voice)]} · {voice.languageName} · engine: {ENGINE_LABELS[voice.engine].full}
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
