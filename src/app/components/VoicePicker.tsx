/**
 * The one narrator picker, for the agent and the voice studio, over the shared voice catalogue: search, language
 * and gender filters, and a short spoken preview per voice. Cloud voices the server has no key for are listed but
 * cannot be chosen, with the reason.
 */
import { useId, useMemo, useState } from 'react';
import {
  ENGINE_LABELS,
  GENDER_LABELS,
  isVoiceAvailable,
  QUALITY_LABELS,
  unavailableVoiceMessage,
  type Voice,
  type VoiceQuality,
  voiceQuality,
} from '~/contract/voices';
import { Icon } from './Icon';
import { Spinner } from './Spinner';
import { listVoices, type VoiceFilters, voiceLanguages } from './voice-list';
import { type PreviewSettings, useVoiceCatalogue, useVoicePreview } from './voice-preview';

const QUALITY_STYLES: Record<VoiceQuality, string> = {
  natural: 'border-cyan-400/40 text-cyan-300',
  standard: 'border-brand-400/40 text-brand-300',
  robotic: 'border-white/20 text-fg-muted',
};

/** How the voice sounds, in one honest word (contract/voices.ts `voiceQuality`). */
function QualityTag({ quality }: { quality: VoiceQuality }) {
  return (
    <span
      className={`ml-2 inline-block rounded-full border px-1.5 py-px align-middle text-[11px] font-medium leading-4 ${QUALITY_STYLES[quality]}`}
      data-testid="voice-quality"
    >
      {QUALITY_LABELS[quality]}
    </span>
  );
}

/** The search box and the language and gender filters over the list. */
function VoiceSearchFilters({
  filters,
  languages,
  onFilters,
}: {
  filters: VoiceFilters;
  languages: string[];
  onFilters: (filters: VoiceFilters) => void;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)]">
      <div className="relative">
        <Icon
          name="search"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
        />
        <input
          className="input !pl-9"
          type="search"
          placeholder="Search by name or language"
          aria-label="Search voices"
          value={filters.search}
          onChange={(e) => onFilters({ ...filters, search: e.target.value })}
        />
      </div>
      <select
        className="input"
        aria-label="Language"
        value={filters.language}
        onChange={(e) => onFilters({ ...filters, language: e.target.value })}
      >
        <option value="">All languages ({languages.length})</option>
        {languages.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <select
        className="input"
        aria-label="Gender"
        value={filters.gender}
        onChange={(e) => onFilters({ ...filters, gender: e.target.value })}
      >
        <option value="">Any gender</option>
        <option value="female">Female</option>
        <option value="male">Male</option>
        <option value="neutral">Neutral</option>
      </select>
    </div>
  );
}

/** One voice in the list: its radio, what it is, and its preview button when it can be used. */
function VoiceOption({
  voice,
  available,
  checked,
  recommended,
  playing,
  loading,
  onChoose,
  onPreview,
}: {
  voice: Voice;
  available: boolean;
  checked: boolean;
  recommended: boolean;
  playing: boolean;
  loading: boolean;
  onChoose: () => void;
  onPreview: () => void;
}) {
  return (
    <div
      className={`flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-cyan-300 ${
        checked ? 'bg-brand-500/20 ring-1 ring-brand-400' : available ? 'hover:bg-white/5' : 'opacity-60'
      }`}
    >
      <label
        className={`flex min-w-0 flex-1 items-center gap-3 py-1 pl-1 ${available ? 'cursor-pointer' : 'cursor-not-allowed'}`}
      >
        <input
          type="radio"
          name="voice"
          className="sr-only"
          value={voice.id}
          checked={checked}
          disabled={!available}
          onChange={onChoose}
        />
        <span
          className={`grid size-5 shrink-0 place-items-center rounded-full border ${checked ? 'border-brand-400 bg-brand-500 text-white' : 'border-white/25'}`}
          aria-hidden="true"
        >
          {checked ? <span className="size-2 rounded-full bg-white" /> : null}
        </span>
        <span className="min-w-0">
          <span className="font-medium text-fg">{voice.name}</span>
          <QualityTag quality={voiceQuality(voice)} />
          {recommended ? <span className="ml-1.5 text-xs font-medium text-accent-400">Recommended</span> : null}
          <span className="ml-2 text-xs text-fg-subtle">
            {voice.languageName} · {GENDER_LABELS[voice.gender]}
            {` · ${ENGINE_LABELS[voice.engine].short}`}
            {voice.custom ? ' · Your voice' : ''}
            {voice.styles?.length
              ? ` · ${voice.styles.slice(0, 3).join(', ')}${voice.styles.length > 3 ? '…' : ''}`
              : ''}
          </span>
          {!available ? <span className="block text-xs text-warning">{unavailableVoiceMessage(voice)}</span> : null}
        </span>
      </label>
      {available ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm shrink-0 !px-2.5"
          aria-label={`${playing ? 'Stop preview of' : 'Preview'} ${voice.name}, ${voice.languageName}`}
          aria-pressed={playing}
          onClick={onPreview}
        >
          {playing && loading ? <Spinner /> : <Icon name={playing ? 'stop' : 'play'} className="size-4" />}
          <span className="hidden sm:inline">{playing ? 'Stop' : 'Preview'}</span>
        </button>
      ) : null}
    </div>
  );
}

export function VoicePicker({
  value,
  onChange,
  error,
  layout = 'section',
  previewSettings,
}: {
  value: string;
  onChange: (id: string) => void;
  error?: string | undefined;
  /**
   * `section`: under its own "Voice" heading (the agent), so the legend is for screen readers and the picker names
   * the chosen narrator. `field`: one field of a form (the voice studio), labelled like the other fields.
   */
  layout?: 'section' | 'field';
  /** Previews spoken at these settings (the voice studio's speed and pitch); otherwise at the engine's defaults. */
  previewSettings?: PreviewSettings;
}) {
  const [filters, setFilters] = useState<VoiceFilters>({ search: '', language: '', gender: '' });
  const { voices: catalogue, configured, defaultVoiceId } = useVoiceCatalogue();
  const preview = useVoicePreview(previewSettings);
  const errorId = useId();
  const selected = layout === 'section' ? catalogue.find((voice) => voice.id === value) : undefined;
  const languages = useMemo(() => voiceLanguages(catalogue), [catalogue]);
  const voices = useMemo(() => listVoices(filters, configured, catalogue), [filters, configured, catalogue]);

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className={layout === 'section' ? 'sr-only' : 'label mb-1'}>Voice</legend>
      {selected ? (
        <p className="text-sm text-fg-muted" data-testid="selected-voice">
          Narrated by <span className="font-medium text-fg">{selected.name}</span> ·{' '}
          {QUALITY_LABELS[voiceQuality(selected)]} · {selected.languageName} · {GENDER_LABELS[selected.gender]}
        </p>
      ) : null}
      <VoiceSearchFilters filters={filters} languages={languages} onFilters={setFilters} />
      <p className="hint" aria-live="polite">
        {voices.length} of {catalogue.length} voices
      </p>
      <div
        className="relative grid max-h-80 gap-1 overflow-y-auto rounded-xl border border-white/10 bg-ink-950/40 p-1"
        role="radiogroup"
        aria-label="Voices"
      >
        {voices.length === 0 ? (
          <p className="p-3 text-sm text-fg-muted">No voice matches. Clear the search or pick another language.</p>
        ) : null}
        {voices.map((voice) => (
          <VoiceOption
            key={voice.id}
            voice={voice}
            available={isVoiceAvailable(voice, configured)}
            checked={voice.id === value}
            recommended={voice.id === defaultVoiceId}
            playing={preview.state?.id === voice.id}
            loading={Boolean(preview.state?.loading)}
            onChoose={() => onChange(voice.id)}
            onPreview={() => void preview.toggle(voice)}
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
