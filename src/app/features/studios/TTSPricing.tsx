import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '~/app/components/Icon';
import { ScreenHeader } from '~/app/components/Screen';
import { useVoiceCatalogue } from '~/app/components/voice-preview';
import { PRICES, ttsCost } from '~/contract/pricing';
import { SPEECH_LIMITS, speechCharCount } from '~/contract/speech';
import {
  ENGINE_LABELS,
  isOfflineEngine,
  QUALITY_LABELS,
  VOICE_ENGINES,
  type Voice,
  voiceQuality,
} from '~/contract/voices';

const EXAMPLE_LENGTHS = [300, 1000, 2500, SPEECH_LIMITS.textMax] as const;

const voiceCounts = (voices: readonly Voice[]) =>
  VOICE_ENGINES.map((engine) => {
    const own = voices.filter((voice) => voice.engine === engine);
    return { engine, count: own.length, languages: new Set(own.map((voice) => voice.language)).size };
  });

/** Prices come from the same functions the server charges with, so this page cannot drift from the bill. */
export default function TTSPricing() {
  const [text, setText] = useState('');
  const chars = speechCharCount(text);
  const { voices } = useVoiceCatalogue();

  return (
    <div className="grid gap-8">
      <ScreenHeader
        icon="tag"
        title="Voice pricing"
        description="What text-to-speech costs in credits, by length and by voice."
      />

      <section className="card card-pad grid gap-3" aria-labelledby="tts-price-title">
        <h2 id="tts-price-title" className="text-lg font-semibold text-fg">
          {PRICES.ttsPer1000Chars} credits per started 1,000 characters
        </h2>
        <p className="text-fg-muted">
          Every voice costs the same. Characters are counted as you see them (an emoji is one), spaces included, up to{' '}
          {SPEECH_LIMITS.textMax.toLocaleString('en-US')} per voice-over. Previews are free, and a voice-over that fails
          costs nothing.
        </p>
        <ul className="grid gap-2 sm:grid-cols-4" aria-label="Examples">
          {EXAMPLE_LENGTHS.map((length) => (
            <li key={length} className="rounded-xl border border-white/10 px-4 py-3">
              <p className="text-sm text-fg-muted">{length.toLocaleString('en-US')} characters</p>
              <p className="text-xl font-semibold tabular-nums text-fg">{ttsCost('x'.repeat(length))} credits</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="card card-pad grid gap-3" aria-labelledby="tts-calc-title">
        <h2 id="tts-calc-title" className="text-lg font-semibold text-fg">
          What will my text cost?
        </h2>
        <label className="field">
          <span className="label">Paste your text</span>
          <textarea className="input" value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <p className="text-sm text-fg-muted" aria-live="polite">
          {chars.toLocaleString('en-US')} characters →{' '}
          <strong className="text-fg">{ttsCost(text.trim())} credits</strong>
          {chars > SPEECH_LIMITS.textMax
            ? ` (over the ${SPEECH_LIMITS.textMax.toLocaleString('en-US')}-character limit of one voice-over: split it in two)`
            : ''}
        </p>
      </section>

      <section className="card card-pad grid gap-3" aria-labelledby="tts-voices-title">
        <h2 id="tts-voices-title" className="text-lg font-semibold text-fg">
          Voices
        </h2>
        <ul className="grid gap-2 sm:grid-cols-3">
          {voiceCounts(voices).map(({ engine, count, languages }) => (
            <li key={engine} className="rounded-xl border border-white/10 px-4 py-3">
              <p className="font-medium text-fg">
                {ENGINE_LABELS[engine].short}{' '}
                <span className="text-sm font-normal text-fg-muted">
                  · {QUALITY_LABELS[voiceQuality({ engine, engineVoice: '' })]}
                </span>
              </p>
              <p className="text-sm text-fg-muted">
                {count > 0
                  ? `${count} voices, ${languages} ${languages === 1 ? 'language' : 'languages'}`
                  : 'Voices listed by the provider'}
              </p>
              {engine === 'espeak' ? null : isOfflineEngine(engine) ? (
                <p className="hint">Available when {ENGINE_LABELS[engine].short} is installed on the server.</p>
              ) : (
                <p className="hint">Available when the server has an {ENGINE_LABELS[engine].short} key.</p>
              )}
            </li>
          ))}
        </ul>
        <Link to="/voice" className="btn btn-primary justify-self-start">
          <Icon name="voice" className="size-4" />
          Open text to speech
        </Link>
      </section>
    </div>
  );
}
