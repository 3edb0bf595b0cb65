/** "Upload a video": the file, the rights statement to confirm, then the resumable upload's progress. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Icon } from '~/app/components/Icon';
import { formatBytes } from '~/contract/storage';
import { RIGHTS_STATEMENT, WATERMARK_LIMITS } from '~/contract/watermark';
import { $watermarkUpload, cancelWatermarkUpload, resetWatermarkUpload, startWatermarkUpload } from './store';

const ACCEPT = WATERMARK_LIMITS.extensions.map((e) => `.${e}`).join(',');

export function UploadCard({ onUploaded }: { onUploaded: (id: string) => void }) {
  const state = useStore($watermarkUpload);
  const [confirmed, setConfirmed] = useState(false);
  const [file, setFile] = useState<File | null>(null);

  useEffect(() => {
    if (state.phase === 'done') {
      onUploaded(state.id);
      resetWatermarkUpload();
    }
  }, [state, onUploaded]);

  const busy = state.phase === 'uploading' || state.phase === 'checking';
  const percentDone =
    state.phase === 'uploading' && state.total > 0
      ? Math.floor((state.sent / state.total) * 100)
      : state.phase === 'checking'
        ? 100
        : 0;

  return (
    <section className="card card-pad grid gap-4" aria-labelledby="wm-upload-title">
      <h2 id="wm-upload-title" className="text-lg font-semibold text-fg">
        Upload a video
      </h2>
      <p className="text-sm text-fg-muted">
        MP4, MOV, WebM or MKV. Large files upload in parts and continue after a dropped connection.
      </p>
      <div className="field">
        <label htmlFor="wm-file" className="label">
          Video file
        </label>
        <input
          id="wm-file"
          type="file"
          accept={ACCEPT}
          className="input"
          disabled={busy}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <label className="flex items-start gap-2 text-sm text-fg">
        <input
          type="checkbox"
          className="mt-1"
          checked={confirmed}
          disabled={busy}
          onChange={(e) => setConfirmed(e.target.checked)}
        />
        <span>
          {RIGHTS_STATEMENT}{' '}
          <a href="/terms" className="underline">
            Terms
          </a>
        </span>
      </label>
      {busy ? (
        <div className="grid gap-2">
          <label htmlFor="wm-upload-progress" className="text-sm text-fg-muted">
            {state.phase === 'checking'
              ? `Checking ${state.name}…`
              : `Uploading ${state.name}: ${formatBytes(state.sent)} of ${formatBytes(state.total)}`}
          </label>
          <progress id="wm-upload-progress" className="w-full" max={100} value={percentDone}>
            {percentDone}%
          </progress>
          {state.phase === 'uploading' ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm justify-self-start"
              onClick={() => void cancelWatermarkUpload()}
            >
              Cancel upload
            </button>
          ) : null}
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-primary justify-self-start"
          disabled={!file || !confirmed}
          onClick={() => file && void startWatermarkUpload(file)}
        >
          <Icon name="upload" className="size-4" />
          Upload
        </button>
      )}
      {state.phase === 'failed' ? (
        <p role="alert" className="text-sm text-red-300">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
