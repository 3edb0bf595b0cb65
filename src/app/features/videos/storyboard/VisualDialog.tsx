/**
 * "Change visual" for one scene: stock photos and videos found by the scene's words, an AI image from a prompt
 * (Regenerate draws a new seed), an illustration drawn from the scene's words, the designed background, or the
 * user's own image or clip.
 */
import { type KeyboardEvent, type ReactNode, type SubmitEvent, useId, useRef, useState } from 'react';
import {
  CLIP_AUDIO,
  type ClipAudio,
  type SceneVisual,
  STORYBOARD_LIMITS,
  type StockMedia,
  type StockSearchItem,
  type StockSearchResults,
  type StoryboardScene,
  stockSearchResultsSchema,
} from '~/contract/storyboard';
import {
  type ScenePicture,
  STOCK_PROVIDER_NAMES,
  type UploadedImage,
  uploadedImageSchema,
  VIDEO_UPLOAD,
  VIDEO_UPLOAD_ACCEPT,
  type VideoAspect,
  type VisualOrder,
} from '~/contract/video';
import { AllHostsFailedError, ApiError, api } from '~/lib/api/client';
import { uploadProblem } from '~/lib/upload-problem';
import { useDialogFocus } from '../../../components/dialog-focus';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { formatBytes } from '../model';
import { illustrationOutlook, nextSeed, stockOrientation } from './model';

const TABS = [
  { id: 'stock', label: 'Stock' },
  { id: 'ai', label: 'AI image' },
  { id: 'illustration', label: 'Illustration' },
  { id: 'designed', label: 'Designed' },
  { id: 'upload', label: 'Upload' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const CLIP_AUDIO_LABELS: Record<ClipAudio, string> = {
  mute: 'Mute clip sound',
  duck: 'Keep it quietly under the voice',
};

export interface VisualChoice {
  visual: SceneVisual;
  /** The words searched, kept as the scene's query so later searches and the AI prompt start from them. */
  query?: string;
  /** The upload is a video clip (the editor badges it). */
  clip?: boolean;
}

const initialTab = (visual: SceneVisual): TabId => (visual.kind === 'auto' ? 'stock' : visual.kind);

export interface VisualDialogProps {
  scene: StoryboardScene;
  number: number;
  aspect: VideoAspect;
  /** What the server said of this scene's picture for the words on screen, if it has (for what will be drawn). */
  picture: ScenePicture | null;
  /** The saved visual order, which that answer followed. */
  visualOrder: VisualOrder;
  onPick: (choice: VisualChoice) => void;
  onClose: () => void;
}

export function VisualDialog({ scene, number, aspect, picture, visualOrder, onPick, onClose }: VisualDialogProps) {
  const [tab, setTab] = useState<TabId>(initialTab(scene.visual));
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  useDialogFocus(panel, close, onClose);

  function onTabKey(event: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]!.id);
    tabs.current[next]?.focus();
  }

  return (
    <>
      <div className="dialog-backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        className="dialog-panel card grid !max-w-3xl gap-4 p-4 sm:p-6"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="visual-dialog"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            Change the visual of scene {number}
          </h2>
          <button ref={close} type="button" className="btn btn-ghost btn-sm !px-2" onClick={onClose} aria-label="Close">
            <Icon name="close" className="size-4" />
          </button>
        </div>
        <div
          className="grid grid-cols-3 gap-1 rounded-xl border border-white/10 bg-white/[0.03] p-1 sm:grid-cols-5"
          role="tablist"
          aria-label="Where the visual comes from"
          onKeyDown={onTabKey}
        >
          {TABS.map((t, i) => (
            <button
              key={t.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${titleId}-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`${titleId}-panel`}
              tabIndex={tab === t.id ? 0 : -1}
              className={`btn btn-sm flex-1 whitespace-nowrap ${tab === t.id ? 'bg-brand-500/25 text-fg' : 'btn-ghost text-fg-muted'}`}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div id={`${titleId}-panel`} role="tabpanel" aria-labelledby={`${titleId}-tab-${tab}`} className="grid gap-4">
          {tab === 'stock' ? <StockTab scene={scene} aspect={aspect} onPick={onPick} /> : null}
          {tab === 'ai' ? <AiTab scene={scene} onPick={onPick} /> : null}
          {tab === 'illustration' ? (
            <IllustrationTab scene={scene} picture={picture} visualOrder={visualOrder} onPick={onPick} />
          ) : null}
          {tab === 'designed' ? <DesignedTab scene={scene} onPick={onPick} /> : null}
          {tab === 'upload' ? <UploadTab scene={scene} onPick={onPick} /> : null}
        </div>
      </div>
    </>
  );
}

function Notice({ tone = 'info', children }: { tone?: 'info' | 'warning'; children: ReactNode }) {
  return (
    <p
      className={`flex items-start gap-2 rounded-xl border px-3 py-2 text-sm ${tone === 'warning' ? 'border-warning/30 bg-warning/10 text-warning' : 'border-white/10 bg-white/[0.03] text-fg-muted'}`}
      role={tone === 'warning' ? 'alert' : 'status'}
    >
      <Icon name={tone === 'warning' ? 'alert' : 'info'} className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

type Search =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; results: StockSearchResults }
  | { kind: 'failed'; message: string };

function StockTab({
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
          ? 'Stock search is not available on this server yet. Choose an AI image, a designed background or your own upload.'
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

/** The words to search for, photos or videos, and the Search button. */
function StockSearchForm({
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

/** What the search says besides its results: how to start, why it failed, or why there is nothing. */
function StockSearchNotices({ search, query }: { search: Search; query: string }) {
  return (
    <>
      {search.kind === 'idle' ? (
        <p className="text-sm text-fg-subtle">Search with the scene’s words or your own, then pick a result.</p>
      ) : null}
      {search.kind === 'failed' ? <Notice tone="warning">{search.message}</Notice> : null}
      {search.kind === 'done' && !search.results.available ? (
        <Notice>
          No stock library is connected to this workspace (it needs a Pexels or Pixabay key), so there is nothing to
          search. An AI image, a designed background or your own upload works for every scene.
        </Notice>
      ) : null}
      {search.kind === 'done'
        ? search.results.problems.map((problem) => (
            <Notice key={problem.provider} tone="warning">
              {STOCK_PROVIDER_NAMES[problem.provider]}: {problem.message}
            </Notice>
          ))
        : null}
      {search.kind === 'done' &&
      search.results.available &&
      search.results.items.length === 0 &&
      search.results.problems.length === 0 ? (
        <Notice>Nothing found for “{query.trim()}”. Try other words, or the other kind.</Notice>
      ) : null}
    </>
  );
}

/** One photo or clip found, to use for the scene, with its author and library credited. */
function StockResult({ item, current, onUse }: { item: StockSearchItem; current: boolean; onUse: () => void }) {
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

function AiTab({ scene, onPick }: { scene: StoryboardScene; onPick: (choice: VisualChoice) => void }) {
  const current = scene.visual.kind === 'ai' ? scene.visual : null;
  const [prompt, setPrompt] = useState(current?.prompt || scene.query || scene.text);
  const promptId = useId();
  const usable = prompt.trim().length > 0;
  return (
    <div className="grid gap-3">
      <div className="field">
        <label htmlFor={promptId} className="label">
          Describe the image
        </label>
        <textarea
          id={promptId}
          className="input !min-h-24"
          value={prompt}
          maxLength={STORYBOARD_LIMITS.maxPromptChars}
          onChange={(e) => setPrompt(e.target.value)}
          aria-describedby={`${promptId}-hint`}
        />
        <p id={`${promptId}-hint`} className="hint">
          Made by the image engine this workspace is set up with; where there is none, the scene falls back to a
          designed background.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!usable}
          onClick={() => onPick({ visual: { kind: 'ai', prompt: prompt.trim(), seed: current?.seed ?? 0 } })}
        >
          <Icon name="sparkles" className="size-4" />
          Use this prompt
        </button>
        {current ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={!usable}
            onClick={() => onPick({ visual: { kind: 'ai', prompt: prompt.trim(), seed: nextSeed(current.seed) } })}
          >
            <Icon name="refresh" className="size-4" />
            Regenerate
          </button>
        ) : null}
      </div>
    </div>
  );
}

function IllustrationTab({
  scene,
  picture,
  visualOrder,
  onPick,
}: {
  scene: StoryboardScene;
  picture: ScenePicture | null;
  visualOrder: VisualOrder;
  onPick: (choice: VisualChoice) => void;
}) {
  const outlook = illustrationOutlook(scene.visual, picture, visualOrder);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-fg-muted">
        A picture drawn from the scene’s own words, in the video’s colours: the things it names as icons, a place it
        names as a map, a number it gives counting up. It is made here, with no stock library or image model, and costs
        nothing extra.
      </p>
      {outlook.kind === 'draws' ? (
        <p
          className="rounded-xl border border-white/10 bg-white/[0.03] px-3 py-2 text-sm text-fg"
          data-testid="illustration-outlook"
        >
          For this scene it draws: <span className="font-medium">{outlook.subjects.join(', ')}</span>.
        </p>
      ) : outlook.kind === 'type' ? (
        <p
          className="rounded-xl border border-white/10 bg-white/[0.03] px-3 py-2 text-sm text-fg"
          data-testid="illustration-outlook"
        >
          Nothing in this scene is sure to draw, so its words are set in large type:{' '}
          <span className="font-medium">{outlook.subjects.join(' ')}</span>.
        </p>
      ) : outlook.kind === 'nothing' ? (
        <Notice>
          Nothing in this scene’s words can be drawn yet, so the designed background stands in. Name a thing, a place or
          a number and the illustration shows it.
        </Notice>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-pressed={scene.visual.kind === 'illustration'}
          onClick={() => onPick({ visual: { kind: 'illustration' } })}
        >
          <Icon name="image" className="size-4" />
          Use an illustration
        </button>
      </div>
      <p className="hint">
        The scene’s preview shows the drawing once you pick it. When nothing in the scene is sure to draw, its words are
        set in large type rather than a doubtful picture.
      </p>
    </div>
  );
}

function DesignedTab({ scene, onPick }: { scene: StoryboardScene; onPick: (choice: VisualChoice) => void }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-fg-muted">
        An abstract background in the video’s colours, with slow movement. It never fails and costs nothing extra.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-pressed={scene.visual.kind === 'designed'}
          onClick={() => onPick({ visual: { kind: 'designed' } })}
        >
          <Icon name="wand" className="size-4" />
          Use a designed background
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-pressed={scene.visual.kind === 'auto'}
          onClick={() => onPick({ visual: { kind: 'auto' } })}
        >
          Choose for me
        </button>
      </div>
      <p className="hint">
        “Choose for me” takes the first source in the video’s visual order that has a picture for this scene.
      </p>
    </div>
  );
}

function UploadTab({ scene, onPick }: { scene: StoryboardScene; onPick: (choice: VisualChoice) => void }) {
  const [audio, setAudio] = useState<ClipAudio>(scene.visual.kind === 'upload' ? scene.visual.audio : 'mute');
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'uploading'; name: string } | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const audioName = useId();

  async function upload(file: File) {
    const problem = uploadProblem(file);
    if (problem) {
      setState({ kind: 'failed', message: problem });
      return;
    }
    setState({ kind: 'uploading', name: file.name });
    const body = new FormData();
    body.append('file', file, file.name);
    try {
      const answer = await api.post<UploadedImage>('/videos/uploads', body, {
        parse: (data) => uploadedImageSchema.parse(data),
      });
      onPick({ visual: { kind: 'upload', fileId: answer.fileId, audio }, clip: answer.kind === 'video' });
    } catch (error) {
      const message =
        error instanceof ApiError && (error.status === 400 || error.status === 413 || error.status === 415)
          ? (error.fields['file'] ?? error.message)
          : error instanceof ApiError || error instanceof AllHostsFailedError
            ? error.message
            : 'The upload failed. Try again.';
      setState({ kind: 'failed', message });
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-fg-muted">
        A photo (JPEG, PNG or WebP, up to {formatBytes(VIDEO_UPLOAD.maxBytes)}) or a video clip (MP4, MOV or WebM, up to{' '}
        {formatBytes(VIDEO_UPLOAD.maxClipBytes)}). A clip is trimmed or looped to the scene’s length; phone footage is
        turned the right way up.
      </p>
      <fieldset className="grid gap-1.5">
        <legend className="label">If it is a clip with sound</legend>
        {CLIP_AUDIO.map((choice) => (
          <label key={choice} className="flex cursor-pointer items-center gap-2 text-sm text-fg">
            <input
              type="radio"
              name={audioName}
              className="accent-cyan-400"
              checked={audio === choice}
              onChange={() => setAudio(choice)}
            />
            {CLIP_AUDIO_LABELS[choice]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => input.current?.click()}
          disabled={state.kind === 'uploading'}
        >
          {state.kind === 'uploading' ? <Spinner /> : <Icon name="upload" className="size-4" />}
          {state.kind === 'uploading' ? `Uploading ${state.name}…` : 'Choose a file'}
        </button>
        {scene.visual.kind === 'upload' && scene.visual.audio !== audio ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => onPick({ visual: { ...scene.visual, audio } as SceneVisual })}
          >
            Keep the current upload, {CLIP_AUDIO_LABELS[audio].toLowerCase()}
          </button>
        ) : null}
        <input
          ref={input}
          type="file"
          className="sr-only"
          accept={VIDEO_UPLOAD_ACCEPT}
          aria-label="Upload an image or a clip"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      {state.kind === 'failed' ? <Notice tone="warning">{state.message}</Notice> : null}
    </div>
  );
}
