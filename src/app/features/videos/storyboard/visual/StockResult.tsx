import { Icon } from '~/app/components/Icon';
import type { StockSearchItem } from '~/contract/storyboard';
import { STOCK_PROVIDER_NAMES } from '~/contract/video';

/** One photo or clip found, to use for the scene, with its author and library credited. */
export function StockResult({ item, current, onUse }: { item: StockSearchItem; current: boolean; onUse: () => void }) {
  return (
    <li className="grid gap-1">
      <button
        type="button"
        className={`group relative block overflow-hidden rounded-lg border ${current ? 'border-cyan-300' : 'border-white/10'} bg-ink-900 focus-visible:ring-2 focus-visible:ring-cyan-300`}
        aria-label={`Use this ${item.media} by ${item.author} from ${STOCK_PROVIDER_NAMES[item.provider]}`}
        aria-pressed={current}
        onClick={onUse}
      >
        <img
          src={item.thumbnailUrl}
          alt=""
          className="aspect-video w-full object-cover transition-transform group-hover:scale-105"
          loading="lazy"
        />
        {item.media === 'video' ? (
          <span className="absolute left-1.5 top-1.5 inline-flex items-center gap-1 rounded bg-ink-950/85 px-1 py-0.5 text-[0.6875rem] font-semibold text-fg">
            <Icon name="video" className="size-3" />
            {item.durationSec === null ? 'Clip' : `${Math.round(item.durationSec)} s`}
          </span>
        ) : null}
      </button>
      <p className="truncate text-[0.6875rem] text-fg-subtle">
        {item.authorUrl ? (
          <a
            href={item.authorUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-2 hover:text-fg"
          >
            {item.author}
          </a>
        ) : (
          item.author
        )}{' '}
        ·{' '}
        <a
          href={item.pageUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="underline underline-offset-2 hover:text-fg"
        >
          {STOCK_PROVIDER_NAMES[item.provider]}
        </a>
      </p>
    </li>
  );
}
