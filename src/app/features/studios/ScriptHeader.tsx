/** The script page's header: the way back, the title and what the script is, and what can be done with it. */
import { Link } from 'react-router';
import { copyText, downloadBlob } from '~/app/components/files';
import { formatDate } from '~/app/components/format';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import { PLATFORM_LABELS, type ScriptContent, type ScriptRecord, TONE_LABELS } from '~/contract/scripts';
import { EngineBadge } from './EngineBadge';
import { clockTime, scriptFileName, scriptToSrt, scriptToText } from './script-export';

export function ScriptHeader({
  record,
  draft,
  durationSec,
  dirty,
  saving,
  onSave,
  onMakeVideo,
}: {
  record: ScriptRecord;
  /** The script as edited, which the copy and the exports take. */
  draft: ScriptContent;
  durationSec: number;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onMakeVideo: () => void;
}) {
  const title = draft.titles[0] || record.request.topic;
  return (
    <header className="grid gap-4">
      <Link to="/scripts" className="inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg">
        <Icon name="arrowLeft" className="size-4" /> All scripts
      </Link>
      <div className="grid gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-fg">{title}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
            <EngineBadge label={record.engine.label} kind={record.engine.kind === 'llm' ? 'ai' : 'offline'} />
            <span>{PLATFORM_LABELS[record.request.platform]}</span>
            <span aria-hidden="true">·</span>
            <span>{TONE_LABELS[record.request.tone]}</span>
            <span aria-hidden="true">·</span>
            <span data-testid="script-duration">about {clockTime(durationSec)}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={record.createdAt}>{formatDate(record.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void copyText(scriptToText(draft, record.request.platform), 'Script')}
          >
            Copy
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() =>
              downloadBlob(
                new Blob([scriptToText(draft, record.request.platform)], { type: 'text/plain;charset=utf-8' }),
                scriptFileName(title, 'txt'),
              )
            }
          >
            Export text
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() =>
              downloadBlob(
                new Blob([scriptToSrt(draft)], { type: 'application/x-subrip;charset=utf-8' }),
                scriptFileName(title, 'srt'),
              )
            }
          >
            Export SRT outline
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={onSave} disabled={!dirty || saving}>
            {saving ? <Spinner /> : null}
            {dirty ? 'Save changes' : 'Saved'}
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={onMakeVideo}>
            <Icon name="video" className="size-4" /> Make a video
          </button>
        </div>
      </div>
    </header>
  );
}
