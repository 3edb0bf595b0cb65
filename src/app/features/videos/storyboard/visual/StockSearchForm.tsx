import { type SubmitEvent, useId } from 'react';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import { STORYBOARD_LIMITS, type StockMedia } from '~/contract/storyboard';

/** The words to search for, photos or videos, and the Search button. */
export function StockSearchForm({
  query,
  media,
  searching,
  onQuery,
  onMedia,
  onSearch,
}: {
  query: string;
  media: StockMedia;
  searching: boolean;
  onQuery: (query: string) => void;
  onMedia: (media: StockMedia) => void;
  onSearch: () => void;
}) {
  const inputId = useId();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch();
  }

  return (
    <form
      className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end"
      onSubmit={submit}
      role="search"
      aria-label="Stock photos and videos"
    >
      <div className="field">
        <label htmlFor={inputId} className="label">
          Search stock photos and videos
        </label>
        <input
          id={inputId}
          type="search"
          className="input"
          value={query}
          maxLength={STORYBOARD_LIMITS.maxQueryChars}
          onChange={(e) => onQuery(e.target.value)}
        />
      </div>
      <fieldset className="flex gap-1 rounded-xl border border-white/10 p-1">
        <legend className="sr-only">Kind</legend>
        {(['photo', 'video'] as const).map((kind) => (
          <label
            key={kind}
            className={`btn btn-sm cursor-pointer ${media === kind ? 'bg-brand-500/25 text-fg' : 'btn-ghost text-fg-muted'}`}
          >
            <input
              type="radio"
              name="stock-media"
              className="sr-only"
              checked={media === kind}
              onChange={() => onMedia(kind)}
            />
            {kind === 'photo' ? 'Photos' : 'Videos'}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary btn-sm" disabled={!query.trim() || searching}>
        {searching ? <Spinner /> : <Icon name="search" className="size-4" />}
        Search
      </button>
    </form>
  );
}
