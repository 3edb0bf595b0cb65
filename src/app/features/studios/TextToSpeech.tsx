import { type SubmitEvent, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useConfirm } from '~/app/components/confirm';
import { Field } from '~/app/components/Field';
import { type History, useHistory } from '~/app/components/history';
import { Icon } from '~/app/components/Icon';
import { ScreenHeader } from '~/app/components/Screen';
import { Spinner } from '~/app/components/Spinner';
import { VoicePicker } from '~/app/components/VoicePicker';
import { useDefaultVoice, useVoiceCatalogue } from '~/app/components/voice-preview';
import type { FieldErrors } from '~/contract/errors';
import { SPEECH_LIMITS, type SpeechRecord, speechEstimate, speechRequestSchema } from '~/contract/speech';
import { DEFAULT_VOICE_ID, ENGINE_LABELS, QUALITY_LABELS, voiceQuality } from '~/contract/voices';
import { api } from '~/lib/api/client';
import { usePolling } from '~/lib/polling';
import { refreshAccount } from '~/stores/account';
import { useStudioSubmit } from './submit';
import { VoiceOverHistory } from './VoiceOverHistory';

const POLL_MS = 1000;

const isFinished = (record: SpeechRecord) => record.status === 'succeeded' || record.status === 'failed';

/** Follows generations still running until they finish; the history then holds their players. */
function useVoiceOversInProgress(history: History<SpeechRecord>) {
  const pending = useMemo(() => history.items.filter((r) => !isFinished(r)).map((r) => r.id), [history.items]);
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
}

export default function TextToSpeech() {
  const [text, setText] = useState('');
  const [voiceId, setVoiceId] = useState(DEFAULT_VOICE_ID);
  const [speed, setSpeed] = useState(1);
  const [pitch, setPitch] = useState(0);
  const history = useHistory<SpeechRecord>('/speech', 8);
  const {
    errors,
    setErrors,
    busy,
    submit: send,
  } = useStudioSubmit<SpeechRecord>('/speech', (record) => history.prepend([record]));
  const confirm = useConfirm();
  const estimate = speechEstimate(text);
  const { voices } = useVoiceCatalogue();
  const chooseVoice = useDefaultVoice(setVoiceId);
  const voice = voices.find((v) => v.id === voiceId);
  useVoiceOversInProgress(history);

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
      <ScreenHeader
        icon="voice"
        title="Text to speech"
        description="Turn text into natural speech with a choice of AI voices, ready to download."
      />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <form
          className="card card-pad grid grid-cols-[minmax(0,1fr)] gap-5"
          onSubmit={submit}
          noValidate
          aria-label="New voice-over"
        >
          <SpeechText
            text={text}
            estimate={estimate}
            error={errors.text}
            onText={(value) => {
              setText(value);
              setErrors(({ text: _t, ...rest }) => rest);
            }}
          />
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
          <VoiceSettings speed={speed} pitch={pitch} errors={errors} onSpeed={setSpeed} onPitch={setPitch} />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-white/10 pt-4">
            <p className="text-sm text-fg-muted">
              {voice ? (
                <>
                  {voice.name} · {QUALITY_LABELS[voiceQuality(voice)]} · {voice.languageName} · engine:{' '}
                  {ENGINE_LABELS[voice.engine].full}
                </>
              ) : null}
            </p>
            <button type="submit" className="btn btn-primary" disabled={busy || estimate.overLimit}>
              {busy ? <Spinner /> : <Icon name="voice" className="size-4" />}
              Generate speech
            </button>
          </div>
        </form>
        <VoiceOverHistory history={history} onDelete={remove} />
      </div>
      {confirm.dialog}
    </div>
  );
}

/** The text to speak, with its length and price as it is typed. */
function SpeechText({
  text,
  estimate,
  error,
  onText,
}: {
  text: string;
  estimate: ReturnType<typeof speechEstimate>;
  error: string | undefined;
  onText: (text: string) => void;
}) {
  return (
    <Field
      label="Text"
      error={error}
      hint={
        <span className={estimate.overLimit ? 'text-danger' : ''} data-testid="char-count">
          {estimate.chars.toLocaleString('en-US')} / {SPEECH_LIMITS.textMax.toLocaleString('en-US')} characters ·{' '}
          {estimate.cost} credit
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
          onChange={(e) => onText(e.target.value)}
        />
      )}
    </Field>
  );
}

/** How the voice reads: its speed and its pitch, which the voice picker's preview also uses. */
function VoiceSettings({
  speed,
  pitch,
  errors,
  onSpeed,
  onPitch,
}: {
  speed: number;
  pitch: number;
  errors: FieldErrors;
  onSpeed: (speed: number) => void;
  onPitch: (pitch: number) => void;
}) {
  return (
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
            onChange={(e) => onSpeed(Number(e.target.value))}
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
            onChange={(e) => onPitch(Number(e.target.value))}
          />
        )}
      </Field>
    </div>
  );
}
