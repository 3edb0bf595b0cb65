/**
 * The agent screens' pure logic: the create form and its request, the live figures beside the editor, what blocks
 * submitting, and the progress list of a video being made. No React here, so unit tests cover it directly.
 */
import { DEFAULT_MUSIC_TRACK, type MusicTrackId } from '~/contract/music';
import { PRICES, type VideoResolution } from '~/contract/pricing';
import { formatBytes } from '~/contract/storage';
import {
  type CaptionOptions,
  type CaptionStyle,
  type CreateVideoRequestInput,
  DEFAULT_CAPTION_OPTIONS,
  estimateNarration,
  estimateVideoCost,
  MUSIC_UPLOAD,
  scriptLengthError,
  type UploadedImage,
  type UploadedMusic,
  VIDEO_LIMITS,
  VIDEO_STAGE_IDS,
  VIDEO_STAGE_LABELS,
  type VideoAspect,
  type VideoRecord,
  type VideoSettings,
  type VideoSettingsInput,
  type VisualMode,
  type VisualOrder,
} from '~/contract/video';
import { DEFAULT_VOICE_ID } from '~/contract/voices';
import { countWords } from '~/contract/words';

export { formatBytes };

export interface CreateForm {
  script: string;
  voiceId: string;
  aspect: VideoAspect;
  resolution: VideoResolution;
  captions: CaptionStyle;
  captionOptions: CaptionOptions;
  visuals: VisualMode;
  visualOrder: VisualOrder;
  images: UploadedImage[];
  musicEnabled: boolean;
  musicVolume: number;
  musicTrack: MusicTrackId;
  /** The user's own track; when set it plays instead of `musicTrack`. */
  musicUpload: UploadedMusic | null;
  /** The brand kit on this video; undefined until the account's kit is known (the server then applies its default). */
  brandKit: boolean | undefined;
}

export const INITIAL_FORM: CreateForm = {
  script: '',
  voiceId: DEFAULT_VOICE_ID,
  aspect: '16:9',
  resolution: '1080p',
  captions: 'word',
  captionOptions: DEFAULT_CAPTION_OPTIONS,
  visuals: 'generated',
  visualOrder: 'stock-first',
  images: [],
  musicEnabled: true,
  musicVolume: VIDEO_LIMITS.defaultMusicVolume,
  musicTrack: DEFAULT_MUSIC_TRACK,
  musicUpload: null,
  brandKit: undefined,
};

export function toRequest(form: CreateForm): CreateVideoRequestInput {
  const brand = form.brandKit === undefined ? {} : { brandKit: form.brandKit };
  return {
    script: form.script,
    voiceId: form.voiceId,
    aspect: form.aspect,
    resolution: form.resolution,
    captions: form.captions,
    captionOptions: form.captionOptions,
    visuals: form.visuals,
    visualOrder: form.visualOrder,
    imageFileIds: form.visuals === 'uploaded' ? form.images.map((image) => image.fileId) : [],
    music: {
      enabled: form.musicEnabled,
      volume: form.musicVolume,
      track: form.musicTrack,
      ...(form.musicUpload ? { fileId: form.musicUpload.fileId } : {}),
    },
    ...brand,
  };
}

/**
 * The form's settings as a preset keeps them: everything but the script and pictures. The user's own music file is
 * left out (a preset names a library track), so picking a preset never points at a file that may be gone.
 */
export function presetSettings(form: CreateForm): VideoSettingsInput {
  const { music, voiceId, aspect, resolution, captions, captionOptions, visualOrder, brandKit } = toRequest(form);
  const { fileId: _ownFile, ...library } = music ?? { enabled: false, volume: VIDEO_LIMITS.defaultMusicVolume };
  return {
    voiceId,
    aspect,
    resolution,
    captions,
    captionOptions,
    visualOrder,
    music: library,
    ...(brandKit === undefined ? {} : { brandKit }),
  };
}

/** The form with a preset's settings applied; the script, pictures and (without a brand setting) the kit switch stay. */
export function applyPresetToForm(form: CreateForm, settings: VideoSettings): CreateForm {
  return {
    ...form,
    voiceId: settings.voiceId,
    aspect: settings.aspect,
    resolution: settings.resolution,
    captions: settings.captions,
    captionOptions: settings.captionOptions,
    visualOrder: settings.visualOrder,
    musicEnabled: settings.music.enabled,
    musicVolume: settings.music.volume,
    musicTrack: settings.music.track,
    musicUpload: null,
    brandKit: settings.brandKit ?? form.brandKit,
  };
}

export interface ScriptFigures {
  words: number;
  seconds: number;
  cost: number;
  /**
   * Null while the script fits in 5 minutes and has something to read (an empty script is not an error until
   * submit).
   */
  lengthError: string | null;
  /** 0..1 of the 5-minute limit, for the meter. */
  fill: number;
}

/** `cardSeconds`: the brand kit's intro and outro when the video has them, part of its length and price. */
export function scriptFigures(script: string, resolution: VideoResolution, cardSeconds = 0): ScriptFigures {
  const { words, seconds } = estimateNarration(script);
  return {
    words,
    seconds: Math.round(seconds) + (words > 0 ? cardSeconds : 0),
    cost: estimateVideoCost(script, resolution, cardSeconds),
    lengthError: countWords(script) === 0 ? null : scriptLengthError(script, cardSeconds),
    fill: Math.min(1, (seconds + cardSeconds) / VIDEO_LIMITS.maxSeconds),
  };
}

/** "15 credits a minute at 1080p" */
export const rateText = (resolution: VideoResolution): string =>
  `${PRICES.videoPerMinute[resolution]} credits a minute at ${resolution}`;

/** Why the button is off, in words the user can act on; null when it may be pressed. `balance` null = unknown. */
export function submitBlocker(figures: ScriptFigures, balance: number | null): string | null {
  if (figures.lengthError) {
    // With words to read, the only thing wrong can be the length.
    return figures.words > 0 ? 'Shorten the script to 5 minutes or less to continue.' : figures.lengthError;
  }
  if (balance !== null && figures.cost > balance) {
    return `This video needs ${figures.cost} credits and you have ${balance}. Shorten the script, choose 720p, or get more credits.`;
  }
  return null;
}

/** Why a music file cannot be uploaded, told before sending it (the server decides the type by its bytes). */
export function musicUploadProblem(file: Pick<File, 'size' | 'name'>): string | null {
  if (file.size > MUSIC_UPLOAD.maxBytes)
    return `${file.name} is ${formatBytes(file.size)}; music files can be up to ${formatBytes(MUSIC_UPLOAD.maxBytes)}.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** Moves the item at `from` by `by` places, clamped to the list. */
export function move<T>(items: readonly T[], from: number, by: number): T[] {
  const to = Math.max(0, Math.min(items.length - 1, from + by));
  if (from === to || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export type StepState = 'done' | 'current' | 'failed' | 'pending';
export interface Step {
  id: string;
  label: string;
  state: StepState;
}

const isStage = (stage: string | null): stage is keyof typeof VIDEO_STAGE_LABELS =>
  stage !== null && stage in VIDEO_STAGE_LABELS;

/**
 * The pipeline's stages as a checklist. The reported stage is the one running (or, after a failure, the one that
 * failed); everything before it is done. Before the first report, or while the queue retries, nothing is current.
 */
export function progressSteps(video: Pick<VideoRecord, 'status' | 'stage'>): Step[] {
  const reached = isStage(video.stage) ? VIDEO_STAGE_IDS.indexOf(video.stage) : -1;
  return VIDEO_STAGE_IDS.map((id, index) => {
    let state: StepState = 'pending';
    if (video.status === 'succeeded' || index < reached) state = 'done';
    else if (index === reached)
      state = video.status === 'failed' ? 'failed' : video.status === 'active' ? 'current' : 'pending';
    return { id, label: VIDEO_STAGE_LABELS[id], state };
  });
}

/** The one line above the progress bar. */
export function progressHeadline(video: Pick<VideoRecord, 'status' | 'stage' | 'progress'>): string {
  if (video.status === 'queued')
    return video.stage === 'Retrying' ? 'Trying again after a hiccup…' : 'Waiting for a free renderer…';
  if (video.status !== 'active') return '';
  return isStage(video.stage) ? `${VIDEO_STAGE_LABELS[video.stage]}…` : 'Starting…';
}

export const percent = (fraction: number): number => Math.floor(Math.max(0, Math.min(1, fraction)) * 100);

export const STATUS_LABELS: Record<VideoRecord['status'], string> = {
  draft: 'Draft',
  queued: 'Queued',
  active: 'Making',
  succeeded: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Where a history entry opens: a draft's storyboard, or the video's page. */
export const videoHref = (video: Pick<VideoRecord, 'id' | 'status' | 'storyboardId'>): string =>
  video.status === 'draft' ? `/nxn-agent/storyboard/${video.storyboardId ?? video.id}` : `/nxn-agent/video/${video.id}`;

/** Being made: the lists poll these (a draft waits for the user, not for the renderer). */
export const isVideoRunning = (status: VideoRecord['status']): boolean => status === 'queued' || status === 'active';

/** A new key per submission so a request the client re-sends to the fallback host is not charged twice. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
