/** "Your videos": every video uploaded to the studio, its state, and a way to open or delete it. */

import { formatDate } from '~/app/components/format';
import { HistoryList } from '~/app/components/HistoryList';
import type { History } from '~/app/components/history';
import { Icon } from '~/app/components/Icon';
import type { WatermarkRecord } from '~/contract/watermark';
import { STATUS_TEXT } from './model';

export function VideoHistory({
  history,
  onOpen,
  onDelete,
}: {
  history: History<WatermarkRecord>;
  onOpen: (id: string) => void;
  onDelete: (item: WatermarkRecord) => void;
}) {
  return (
    <section aria-labelledby="wm-history-title" className="grid gap-3">
      <h2 id="wm-history-title" className="text-lg font-semibold text-fg">
        Your videos
      </h2>
      <HistoryList
        history={history}
        loading="Loading your videos…"
        failed="Your videos could not be loaded."
        empty="Videos you upload here appear in this list."
      >
        {(items) => (
          <ul className="grid gap-2">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-white/[0.08] bg-white/[0.03] p-3 text-sm"
                data-testid="watermark-history-item"
              >
                <span className="font-medium text-fg">{item.name}</span>
                <span className="text-fg-muted">{STATUS_TEXT[item.status]}</span>
                <time className="text-fg-subtle" dateTime={item.createdAt}>
                  {formatDate(item.createdAt)}
                </time>
                <span className="ml-auto flex gap-2">
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => onOpen(item.id)}>
                    Open
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={`Delete ${item.name}`}
                    onClick={() => onDelete(item)}
                  >
                    <Icon name="trash" className="size-4" />
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </HistoryList>
    </section>
  );
}
