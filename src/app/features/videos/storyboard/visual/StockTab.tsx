/** The Stock tab: photos and videos found by the scene's words (or the user's), to pick one for the scene. */
import { useRef, useState } from 'react';
import {
  type StockMedia,
  type StockSearchItem,
  type StockSearchResults,
  type StoryboardScene,
  stockSearchResultsSchema,
} from '~/contract/storyboard';
import type { VideoAspect } from '~/contract/video';
import { AllHostsFailedError, ApiError, api } from '~/lib/api/client';
import { stockOrientation } from '../model';
import type { VisualChoice } from './choice';
import { StockResult } from './StockResult';
import { StockSearchForm } from './StockSearchForm';
import { type Search, StockSearchNotices } from './StockSearchNotices';

export function StockTab({
  scene,
  aspect,
  onPick,
}: {
  scene: StoryboardScene;
  aspect: VideoAspect;
  onPick: (choice: VisualChoice) => void;
}) {
  const [query, setQuery] = useState(scene.query || scene.text.split(/\s+/).slice(0, 6).join(' '));
  const [media, setMedia] = useState<StockMedia>(scene.visual.kind === 'stock' ? scene.visual.media : 'photo');
  const [search, setSearch] = useState<Search>({ kind: 'idle' });
  const latest = useRef(0);

  async function run(words: string, kind: StockMedia) {
    if (!words.trim()) return;
    const request = ++latest.current;
    setSearch({ kind: 'loading' });
    try {
      const params = new URLSearchParams({ q: words.trim(), media: kind, orientation: stockOrientation(aspect) });
      const results = await api.get<StockSearchResults>(`/videos/stock/search?${params}`, {
        parse: (data) => stockSearchResultsSchema.parse(data),
      });
      if (request === latest.current) setSearch({ kind: 'done', results });
    } catch (error) {
      if (request !== latest.current) return;
      const message =
        error instanceof ApiError && error.status === 404
          ? 'Stock search is not available on this server yet. Choose an illustration, a designed background or your own upload.'
          : error instanceof ApiError && error.status === 429
            ? 'Too many searches in a short time. Wait a few seconds and search again.'
            : error instanceof ApiError || error instanceof AllHostsFailedError
              ? error.message
              : 'The search failed. Try again.';
      setSearch({ kind: 'failed', message });
    }
  }

  const isCurrent = (item: StockSearchItem) =>
    scene.visual.kind === 'stock' && scene.visual.provider === item.provider && scene.visual.id === item.id;

  return (
    <div className="grid gap-3">
      <StockSearchForm
        query={query}
        media={media}
        searching={search.kind === 'loading'}
        onQuery={setQuery}
        onMedia={(kind) => {
          setMedia(kind);
          if (search.kind !== 'idle') void run(query, kind);
        }}
        onSearch={() => void run(query, media)}
      />
      <StockSearchNotices search={search} query={query} />
      {search.kind === 'done' && search.results.items.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Search results" data-testid="stock-results">
          {search.results.items.map((item) => (
            <StockResult
              key={`${item.provider}-${item.media}-${item.id}`}
              item={item}
              current={isCurrent(item)}
              onUse={() =>
                onPick({
                  visual: { kind: 'stock', provider: item.provider, media: item.media, id: item.id },
                  query: query.trim(),
                })
              }
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
