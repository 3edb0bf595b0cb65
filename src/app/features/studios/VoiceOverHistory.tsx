/** "Your voice-overs": generated speech, newest first, each with its player and downloads, or its progress. */

import { downloadUrl } from '~/app/components/files';
import { formatDate } from '~/app/components/format';
import { HistoryList } from '~/app/components/HistoryList';
import type { History } from '~/app/components/history';
import { Spinner } from '~/app/components/Spinner';
import type { SpeechRecord } from '~/contract/speech';
import { AudioPlayer } from './AudioPlayer';
import { EngineBadge } from './EngineBadge';

const engineKind = (record: SpeechRecord) =>
  record.engine.id === 'espeak' || record.engine.id === 'festival' ? 'offline' : 'ai';
const fileStem = (record: SpeechRecord) =>
  `nxn-speech-${record.voiceName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${record.id.slice(0, 8)}`;

export function VoiceOverHistory({
  history,
  onDelete,
}: {
  history: History<SpeechRecord>;
  onDelete: (record: SpeechRecord) => void;
}) {
  return (
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
              <SpeechResult key={record.id} record={record} onDelete={() => onDelete(record)} />
            ))}
          </div>
        )}
      </HistoryList>
    </section>
  );
}

function SpeechResult({ record, onDelete }: { record: SpeechRecord; onDelete: () => void }) {
  const excerpt = record.text.length > 140 ? `${record.text.slice(0, 140)}…` : record.text;
  return (
    <article
      className="grid gap-3 rounded-xl border border-white/[0.08] bg-white/[0.03] p-4"
      data-testid="speech-result"
      aria-label={`Speech by ${record.voiceName}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-fg-subtle">
        <span className="font-medium text-fg">{record.voiceName}</span>
        <EngineBadge label={record.engine.label} kind={engineKind(record)} />
        <span>{record.chars.toLocaleString('en-US')} characters</span>
        {record.speed !== 1 ? <span>· {record.speed}×</span> : null}
        {record.pitch !== 0 ? (
          <span>
            · pitch {record.pitch > 0 ? '+' : ''}
            {record.pitch}
          </span>
        ) : null}
        <span>·</span>
        <time dateTime={record.createdAt}>{formatDate(record.createdAt)}</time>
      </div>
      <p className="text-sm text-fg-muted">{excerpt}</p>
      {record.status === 'succeeded' && record.mp3 && record.wav ? (
        <>
          <AudioPlayer src={record.mp3.url} label={`speech by ${record.voiceName}`} durationHint={record.durationSec} />
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void downloadUrl(record.wav!.url, `${fileStem(record)}.wav`)}
            >
              Download WAV
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void downloadUrl(record.mp3!.url, `${fileStem(record)}.mp3`)}
            >
              Download MP3
            </button>
            <span className="text-xs text-fg-subtle">
              {record.sampleRate ? `${(record.sampleRate / 1000).toLocaleString('en-US')} kHz` : ''}
              {record.creditsCharged ? ` · ${record.creditsCharged} credits` : ''}
            </span>
            <button type="button" className="btn btn-ghost btn-sm ml-auto" onClick={onDelete}>
              Delete
            </button>
          </div>
        </>
      ) : record.status === 'failed' ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="flex-1 text-sm text-danger" role="alert">
            {record.error}
          </p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDelete}>
            Delete
          </button>
        </div>
      ) : (
        <div className="grid gap-1.5" role="status">
          <div className="flex items-center gap-2 text-sm text-fg-muted">
            <Spinner /> {record.status === 'queued' ? 'Waiting for a free voice engine…' : 'Synthesising…'}
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-white/10">
            <div
              className="h-full rounded-full bg-cyan-400 transition-[width]"
              style={{ width: `${Math.round(record.progress * 100)}%` }}
            />
          </div>
        </div>
      )}
    </article>
  );
}
