/**
 * The end of the editor: the render's button and price (or its progress while it runs), why it failed, and once it
 * is done the clean copy to compare with the original and to download.
 */

import { downloadUrl } from '~/app/components/files';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import { formatDuration } from '~/contract/video';
import type { WatermarkRecord } from '~/contract/watermark';
import { BeforeAfter } from './BeforeAfter';
import { type CleanRecord, cleanFileName, type EditorRequest, hasCleanCopy, isRunning } from './model';

export function RenderControls({
  record,
  busy,
  hasBoxes,
  onRender,
  onCancel,
}: {
  record: WatermarkRecord;
  busy: EditorRequest | null;
  hasBoxes: boolean;
  onRender: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      {isRunning(record) ? (
        <div className="grid gap-2">
          <label htmlFor="wm-render-progress" className="text-sm text-fg-muted">
            {record.stage ?? 'Waiting to start'}
          </label>
          <progress id="wm-render-progress" className="w-full" max={100} value={Math.round(record.progress * 100)} />
          <button
            type="button"
            className="btn btn-secondary btn-sm justify-self-start"
            disabled={busy !== null}
            onClick={onCancel}
          >
            Cancel
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className="btn btn-primary" disabled={busy !== null || !hasBoxes} onClick={onRender}>
            {busy === 'render' ? <Spinner /> : <Icon name="wand" className="size-4" />}
            {record.status === 'failed'
              ? 'Retry'
              : record.status === 'succeeded'
                ? 'Remove again'
                : 'Remove watermarks'}{' '}
            · {record.cost} credits
          </button>
          {hasCleanCopy(record) ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void downloadUrl(record.output.url, cleanFileName(record.name, record.output.contentType))}
            >
              <Icon name="download" className="size-4" />
              Download clean video
            </button>
          ) : null}
        </div>
      )}
      {record.status === 'failed' && record.error ? (
        <p role="alert" className="text-sm text-red-300">
          {record.error} No credits were charged.
        </p>
      ) : null}
    </>
  );
}

/** "Before and after" at the editor's moment (once both frames are there) beside the clean video's player. */
export function CleanVideo({
  record,
  frame,
  result,
  atS,
}: {
  record: CleanRecord;
  /** The original frame and the clean copy's frame at `atS`. */
  frame: string | null;
  result: string | null;
  atS: number;
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-2">
        <h3 className="text-sm font-medium text-fg">Before and after</h3>
        {frame && result ? (
          <BeforeAfter
            before={frame}
            after={result}
            aspect={record.width / record.height}
            moment={formatDuration(atS)}
          />
        ) : (
          <p className="text-sm text-fg-muted">Loading the frame…</p>
        )}
      </div>
      <div className="grid content-start gap-2">
        <h3 className="text-sm font-medium text-fg">Clean video</h3>
        <video
          src={record.output.url}
          poster={result ?? undefined}
          controls
          preload="none"
          className="w-full rounded-xl bg-black"
          style={{ aspectRatio: String(record.width / record.height) }}
          aria-label={`Clean video: ${record.name}`}
        />
      </div>
    </div>
  );
}
