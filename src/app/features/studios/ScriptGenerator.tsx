import { Link, useNavigate } from 'react-router';
import { useConfirm } from '~/app/components/confirm';
import { formatDate } from '~/app/components/format';
import { HistoryList } from '~/app/components/HistoryList';
import { type History, useHistory } from '~/app/components/history';
import { ScreenHeader } from '~/app/components/Screen';
import { PLATFORM_LABELS, type ScriptSummary } from '~/contract/scripts';
import { EngineBadge } from './EngineBadge';
import { ScriptForm } from './ScriptForm';
import { clockTime } from './script-export';

/** "Your scripts": every script written here, newest first, to open or delete. */
function ScriptHistory({ history }: { history: History<ScriptSummary> }) {
  const confirm = useConfirm();
  const remove = (item: ScriptSummary) =>
    confirm.askDelete({
      title: 'Delete this script?',
      body: `“${item.title}” is removed for good.`,
      path: `/scripts/${item.id}`,
      deleted: 'Script deleted.',
      onDeleted: () => history.remove(item.id),
    });

  return (
    <section className="card card-pad" aria-labelledby="script-history-title">
      <h2 id="script-history-title" className="text-lg font-semibold text-fg">
        Your scripts
      </h2>
      <HistoryList
        history={history}
        loading="Loading your scripts…"
        failed="Your scripts could not be loaded."
        empty="No scripts yet. Your generations will appear here, newest first."
        className="mt-4"
      >
        {(items) => (
          <ul className="mt-4 grid gap-2" aria-label="Script history">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex items-start gap-3 rounded-xl border border-white/[0.08] bg-white/[0.03] p-3"
              >
                <Link to={`/script/${item.id}`} className="min-w-0 flex-1 hover:text-brand-300">
                  <span className="block truncate font-medium text-fg">{item.title}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-subtle">
                    <span>{PLATFORM_LABELS[item.platform]}</span>
                    <span aria-hidden="true">·</span>
                    <span>{clockTime(item.durationSec)}</span>
                    <span aria-hidden="true">·</span>
                    <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                    <EngineBadge label={item.engine.label} kind={item.engine.kind === 'llm' ? 'ai' : 'offline'} />
                  </span>
                </Link>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Delete ${item.title}`}
                  onClick={() => remove(item)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </HistoryList>
      {confirm.dialog}
    </section>
  );
}

export default function ScriptGenerator() {
  const navigate = useNavigate();
  const history = useHistory<ScriptSummary>('/scripts');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <ScreenHeader
        icon="script"
        title="Script generator"
        description="Describe a topic and get a ready-to-record video script, in the tone and length you choose."
      />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ScriptForm onCreated={(record) => navigate(`/script/${record.id}`)} />
        <ScriptHistory history={history} />
      </div>
    </div>
  );
}
