/**
 * The create-video request as both sides validate it, plus the live figures the editor shows while typing
 * (word count, estimated length, cost). The estimate uses the same 150 words a minute as the script generator,
 * with floors a script cannot slip under (see NARRATION_PACE).
 */
import { z } from 'zod';
import { cleanScript } from './clean.ts';
import { DEFAULT_MUSIC_TRACK, MUSIC_TRACK_IDS } from './music.ts';
import { VIDEO_RESOLUTIONS, type VideoResolution, videoCost } from './pricing.ts';
import { WORDS_PER_SECOND } from './scripts.ts';
import { linkedFileSchema } from './storage.ts';
import { textField } from './text.ts';
import { isCatalogueVoiceId, UNKNOWN_VOICE_MESSAGE } from './voices.ts';
import { countWords, SENTENCE_END, spokenWords, tokenizeWords } from './words.ts';

export const VIDEO_ASPECTS = ['16:9', '9:16', '1:1'] as const;
export type VideoAspect = (typeof VIDEO_ASPECTS)[number];
export { VIDEO_RESOLUTIONS, type VideoResolution };

/** The look of burned-in captions: 'karaoke' fills each word as it is spoken, 'pop' shows only the spoken word. */
export const CAPTION_STYLES = ['off', 'line', 'word', 'karaoke', 'pop'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];

export const CAPTION_POSITIONS = ['top', 'middle', 'bottom'] as const;
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number];

export const CAPTION_SIZES = ['small', 'medium', 'large'] as const;
export type CaptionSize = (typeof CAPTION_SIZES)[number];

/** Type height as a share of the frame's shorter side, so captions read the same on 16:9, 9:16 and 1:1. */
export const CAPTION_SIZE_SCALE: Record<CaptionSize, number> = { small: 0.046, medium: 0.058, large: 0.074 };

/** Bright enough to stand out from white text behind a black outline; any other "#RRGGBB" is accepted too. */
export const CAPTION_COLORS = ['#FFD84D', '#4DE1FF', '#7CF27C', '#FF6FB5', '#FF9F43'] as const;
export const CAPTION_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const captionOptionsSchema = z.object({
  position: z
    .enum(CAPTION_POSITIONS, { error: 'Choose top, middle or bottom.' })
    .default('bottom')
    .describe('Where the captions sit in the frame.'),
  size: z
    .enum(CAPTION_SIZES, { error: 'Choose small, medium or large.' })
    .default('medium')
    .describe("Type height, scaled to the frame's shorter side so it reads the same in every aspect."),
  color: z
    .string({ error: 'Choose a highlight colour.' })
    .regex(CAPTION_COLOR_PATTERN, 'Use a colour like #FFD84D.')
    .transform((hex) => hex.toUpperCase())
    .default(CAPTION_COLORS[0])
    .describe('Highlight colour "#RRGGBB" of the spoken word (word, karaoke and pop styles).'),
});
export type CaptionOptions = z.output<typeof captionOptionsSchema>;
export const DEFAULT_CAPTION_OPTIONS: CaptionOptions = { position: 'bottom', size: 'medium', color: CAPTION_COLORS[0] };

export const VISUAL_MODES = ['generated', 'uploaded'] as const;
export type VisualMode = (typeof VISUAL_MODES)[number];

/**
 * Where a generated scene's picture comes from, first choice first: each scene takes the first source that has
 * something for it (stock needs PEXELS_API_KEY or PIXABAY_API_KEY, AI images an image engine's key, an illustration
 * a subject the scene names that we can draw); the designed background never fails, so every order ends with it.
 */
export const VISUAL_ORDERS = ['stock-first', 'ai-first', 'illustration', 'designed'] as const;
export type VisualOrder = (typeof VISUAL_ORDERS)[number];
export type VisualSource = 'stock' | 'ai' | 'illustration' | 'designed';

export const VISUAL_ORDER_SOURCES: Record<VisualOrder, readonly VisualSource[]> = {
  'stock-first': ['stock', 'ai', 'illustration', 'designed'],
  'ai-first': ['ai', 'stock', 'illustration', 'designed'],
  illustration: ['illustration', 'designed'],
  designed: ['designed'],
};

export const VISUAL_ORDER_LABELS: Record<VisualOrder, string> = {
  'stock-first': 'Stock clips and photos first, then AI images, then illustrations',
  'ai-first': 'AI images first, then stock clips and photos, then illustrations',
  illustration: "Illustrations drawn from each scene's words",
  designed: 'Designed backgrounds only',
};

/** What this server can draw pictures from besides illustrations and designed backgrounds, which are always there. */
export const availablePictureSourcesSchema = z.object({
  stock: z.object({ available: z.boolean(), providers: z.array(z.string()) }),
  ai: z.object({ available: z.boolean(), engine: z.string().nullable() }),
});
export type AvailablePictureSources = z.infer<typeof availablePictureSourcesSchema>;

/** The order's sources this server can use, in order; every order ends with the designed background. */
export const availableSources = (order: VisualOrder, available: { stock: boolean; ai: boolean }): VisualSource[] =>
  VISUAL_ORDER_SOURCES[order].filter((source) =>
    source === 'stock' ? available.stock : source === 'ai' ? available.ai : true,
  );

/** The first words of an order whose first sources this server lacks: what the setting says under the choice. */
export function missingSourcesNote(order: VisualOrder, available: { stock: boolean; ai: boolean }): string | null {
  const wanted = VISUAL_ORDER_SOURCES[order];
  const missing = [
    wanted.includes('stock') && !available.stock ? 'no stock library (Pexels or Pixabay key)' : null,
    wanted.includes('ai') && !available.ai ? 'no image model' : null,
  ].filter((m): m is string => m !== null);
  if (missing.length === 0) return null;
  return `This server has ${missing.join(' and ')} connected, so scenes get illustrations drawn from their words, or a designed background when nothing in a scene can be drawn.`;
}

/**
 * What a scene's picture is, in the storyboard (what the render will use) and on the finished video (what it used):
 * its source and the scene's words it depicts (empty for a designed background, which depicts nothing).
 */
export const PICTURE_SOURCES = ['stock', 'ai', 'illustration', 'designed', 'upload'] as const;
export type PictureSource = (typeof PICTURE_SOURCES)[number];

/** How an illustrated beat is laid out: what its sentence does (see docs/features/illustrations.md). */
export const PICTURE_LAYOUTS = [
  /** Names one place: a map with a pin. */
  'place',
  /** Names two places with movement between them: a map with a route. */
  'route',
  /** States a figure: a large kinetic number with its unit. */
  'figure',
  /** Lists steps, ingredients or features: cards or a checklist that tick in as they are said. */
  'steps',
  /** Compares two things: a split frame. */
  'comparison',
  /** Asks the viewer to act: a card with the product's name and the action. */
  'call-to-action',
  /** Nothing sure to draw: bold kinetic typography of the key phrase. */
  'key-phrase',
  /** A subject in a setting: the subject large, its context around it. */
  'subject',
] as const;
export type PictureLayout = (typeof PICTURE_LAYOUTS)[number];
export const PICTURE_ELEMENT_KINDS = ['icon', 'map', 'number', 'text', 'scenery'] as const;
export type PictureElementKind = (typeof PICTURE_ELEMENT_KINDS)[number];

/** One thing an illustration draws: what it is, its name (an icon's id, a place, a setting), its words, its box. */
export const pictureElementSchema = z.object({
  kind: z.enum(PICTURE_ELEMENT_KINDS),
  name: z.string(),
  words: z.string(),
  box: z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int(), height: z.number().int() }),
});
export type PictureElement = z.infer<typeof pictureElementSchema>;

export const scenePictureSchema = z.object({
  source: z.enum(PICTURE_SOURCES),
  subjects: z.array(z.string()),
  /** An illustration's layout and what it draws, in frame pixels; absent for other sources and older videos. */
  layout: z.enum(PICTURE_LAYOUTS).optional(),
  elements: z.array(pictureElementSchema).optional(),
});
export type ScenePicture = z.infer<typeof scenePictureSchema>;

export const PICTURE_SOURCE_LABELS: Record<PictureSource, string> = {
  stock: 'Stock',
  ai: 'AI image',
  illustration: 'Illustration',
  designed: 'Designed background',
  upload: 'Your upload',
};

/**
 * "Illustration: coffee, farm, Ethiopia", "Designed background: nothing matched", "Your upload". An illustration's
 * `elements` say the same things with their boxes, for whoever reads the JSON.
 */
export function describePicture({ source, subjects }: ScenePicture): string {
  const label = PICTURE_SOURCE_LABELS[source];
  if (source === 'upload') return label;

  if (subjects.length === 0) return source === 'designed' ? `${label}: nothing matched` : label;
  return `${label}: ${subjects.join(', ')}`;
}

export const STOCK_PROVIDERS = ['pexels', 'pixabay'] as const;
export type StockProviderId = (typeof STOCK_PROVIDERS)[number];

/** Who made a stock photo or clip a video shows, and where it came from, as the providers' licences ask us to credit it. */
export const stockCreditSchema = z.object({
  provider: z.enum(STOCK_PROVIDERS),
  /** Absent on credits written before stock clips: those were photos. */
  media: z.enum(['photo', 'video']).optional(),
  author: z.string(),
  authorUrl: z.string().nullable(),
  /** The photo's or clip's page on the provider's site. */
  sourceUrl: z.string(),
  /** 1-based scenes that show it. */
  scenes: z.array(z.number().int()),
});
export type StockCredit = z.infer<typeof stockCreditSchema>;

export const STOCK_PROVIDER_NAMES: Record<StockProviderId, string> = { pexels: 'Pexels', pixabay: 'Pixabay' };

export const ASPECT_LABELS: Record<VideoAspect, string> = {
  '16:9': 'Landscape (16:9)',
  '9:16': 'Vertical (9:16)',
  '1:1': 'Square (1:1)',
};

export const CAPTION_LABELS: Record<CaptionStyle, string> = {
  off: 'No captions',
  line: 'Line by line',
  word: 'Word highlight',
  karaoke: 'Karaoke fill',
  pop: 'One word pop-in',
};

export const CAPTION_POSITION_LABELS: Record<CaptionPosition, string> = {
  top: 'Top',
  middle: 'Middle',
  bottom: 'Bottom',
};
export const CAPTION_SIZE_LABELS: Record<CaptionSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };

export const VIDEO_LIMITS = {
  maxSeconds: 300,
  /** 5 minutes at 150 words a minute. */
  maxWords: 750,
  /** Far above 750 words of any language; stops pasted novels before they are counted. */
  maxChars: 12_000,
  maxImages: 60,
  defaultMusicVolume: 30,
} as const;

/**
 * How fast narration runs, for the estimate. Words at the script generator's 150 a minute; but a voice cannot read
 * 450 letters joined into one "word", or a run of one-word sentences, at that pace, so the estimate also never
 * goes below what the characters take to read, nor below a second a sentence (its pause included). eSpeak,
 * measured: ordinary prose at 11 letters a second and 157 words a minute, a one-word sentence 0.92 s, 450 letters
 * with no space 12 s, 450 digits 14 s; the estimate is above each.
 */
export const NARRATION_PACE = {
  wordsPerSecond: WORDS_PER_SECOND,
  /** Letters, digits and read-out symbols; prose stays under its word estimate at this pace. */
  charsPerSecond: 15,
  minSecondsPerSentence: 1,
} as const;

const READ_CHARACTER = /[\p{L}\p{N}\p{S}]/gu;

export interface NarrationEstimate {
  /** Words the voice will say: of the cleaned script, with "a,b,c" counted as three. */
  words: number;
  /** Unrounded. */
  seconds: number;
}

/** The narration the pipeline will read (cleanScript) and how long it runs. Pure; the editor calls it per keystroke. */
export function estimateNarration(script: string): NarrationEstimate {
  const text = cleanScript(script);
  const { wordsPerSecond, minSecondsPerSentence, charsPerSecond } = NARRATION_PACE;
  let words = 0;
  // Counted in words (a short sentence as the words its second would hold), divided once: 750 words is exactly 300 s.
  let paced = 0;
  let sentenceWords = 0;
  const endSentence = () => {
    if (sentenceWords > 0) paced += Math.max(sentenceWords, minSecondsPerSentence * wordsPerSecond);
    sentenceWords = 0;
  };
  for (const token of tokenizeWords(text)) {
    const spoken = spokenWords(token.text);
    words += spoken;
    sentenceWords += spoken;
    if (SENTENCE_END.test(token.text)) endSentence();
  }
  endSentence();
  const characters = text.match(READ_CHARACTER)?.length ?? 0;
  return { words, seconds: Math.max(paced / wordsPerSecond, characters / charsPerSecond) };
}

/** Words the narration will say, as the editor shows them. */
export const wordCount = (script: string): number => estimateNarration(script).words;

export const estimateDurationSeconds = (script: string): number => Math.round(estimateNarration(script).seconds);

/** "4:05" */
export const formatDuration = (seconds: number): string => {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

export const EMPTY_SCRIPT_MESSAGE = 'Write a script first: the narration is made from it.';

/** For a script whose every line is dropped by cleanScript; the pipeline says the same if one ever gets through. */
export const NOTHING_TO_READ_MESSAGE =
  'There is nothing here a voice can read: stage directions in [brackets] or (parentheses), links and code are left out of the narration. Write the words the narrator should say.';

/**
 * Null when the script fits; otherwise the message the editor and the API both show. `cardSeconds` are the brand
 * kit's intro and outro, which share the 5 minutes with the narration.
 */
export function scriptLengthError(script: string, cardSeconds = 0): string | null {
  if (countWords(script) === 0) return EMPTY_SCRIPT_MESSAGE;
  const { words } = estimateNarration(script);
  const seconds = estimateNarration(script).seconds + cardSeconds;
  if (words === 0) return NOTHING_TO_READ_MESSAGE;
  if (seconds <= VIDEO_LIMITS.maxSeconds) return null;
  const cut = Math.ceil((seconds - VIDEO_LIMITS.maxSeconds) * NARRATION_PACE.wordsPerSecond);
  return (
    `This ${cardSeconds > 0 ? 'video, with its intro and outro,' : 'script'} would run about ${formatDuration(seconds)}. Videos can be up to 5 minutes ` +
    `(about ${VIDEO_LIMITS.maxWords} words), so remove about ${cut} ${cut === 1 ? 'word' : 'words'}.`
  );
}

/**
 * Null when the real narration (the finished video's length, known once it is spoken) fits in 5 minutes;
 * otherwise why the video stops there, before rendering and without charge.
 */
export function narrationLengthError(durationMs: number): string | null {
  if (durationMs <= VIDEO_LIMITS.maxSeconds * 1000) return null;
  return (
    `The narration runs ${formatDuration(Math.ceil(durationMs / 1000))}, over the 5-minute limit. ` +
    'Shorten the script and try again. No credits were charged.'
  );
}

/**
 * What the editor shows and the job holds. The charge is for the finished video's real length, per started minute
 * (`charge` in `src/server/features/videos/job.ts`), and the jobs framework never captures more than it held.
 */
export const estimateVideoCost = (script: string, resolution: VideoResolution, cardSeconds = 0): number =>
  videoCost((estimateDurationSeconds(script) + cardSeconds) * 1000, resolution);

/** Everything about a video except what it says and shows: shared by the one-step request and the storyboard. */
export const videoSettingsSchema = z.object({
  voiceId: z
    .string({ error: 'Choose a voice.' })
    .refine(isCatalogueVoiceId, UNKNOWN_VOICE_MESSAGE)
    .describe("The narrator: a voice id from GET /voices; omit it for the server's best English voice."),
  aspect: z
    .enum(VIDEO_ASPECTS, { error: 'Choose 16:9, 9:16 or 1:1.' })
    .describe('Frame shape: "16:9" landscape, "9:16" vertical, "1:1" square.'),
  resolution: z
    .enum(VIDEO_RESOLUTIONS, { error: 'Choose 720p or 1080p.' })
    .describe('Height of the shorter side; 1080p costs more credits a minute.'),
  captions: z
    .enum(CAPTION_STYLES, { error: 'Choose a caption style.' })
    .describe(
      'Burned-in captions: "line" by line, "word" highlight, "karaoke" fills each word as spoken, "pop" shows only the spoken word, or "off".',
    ),
  captionOptions: captionOptionsSchema
    .default(DEFAULT_CAPTION_OPTIONS)
    .describe("The captions' position, size and highlight colour."),
  visualOrder: z
    .enum(VISUAL_ORDERS, { error: 'Choose where the scene pictures come from.' })
    .default('stock-first')
    .describe(
      'With generated visuals, where scene pictures come from first: stock, AI images, illustrations, or designed backgrounds only; sources the server lacks are skipped.',
    ),
  music: z
    .object({
      enabled: z.boolean({ error: 'Turn music on or off.' }).describe('Whether background music plays.'),
      volume: z
        .number({ error: 'Set the music volume.' })
        .int('Use a whole number for the volume.')
        .min(0, 'Music volume goes from 0 to 100.')
        .max(100, 'Music volume goes from 0 to 100.')
        .describe('Music loudness under the narration.'),
      track: z
        .enum(MUSIC_TRACK_IDS, { error: 'Choose one of the music tracks.' })
        .default(DEFAULT_MUSIC_TRACK)
        .describe('A library track; hear it at GET /videos/music/{track}/preview.'),
      /** The user's own track (POST /videos/music/uploads); when set it plays instead of the library track. */
      fileId: z
        .uuid({ error: 'Upload your music again.' })
        .optional()
        .describe('Your own track from POST /videos/music/uploads; plays instead of the library track.'),
    })
    .default({ enabled: false, volume: VIDEO_LIMITS.defaultMusicVolume, track: DEFAULT_MUSIC_TRACK })
    .describe('Background music; off unless you send it.'),
  /** The account's brand kit on this video; absent → the kit's "apply to new videos". */
  brandKit: z
    .boolean({ error: 'Turn the brand kit on or off.' })
    .optional()
    .describe(
      'Wear your brand kit (logo, colours, intro and outro); omit it to follow the kit\'s "apply to new videos".',
    ),
});
export type VideoSettings = z.output<typeof videoSettingsSchema>;
export type VideoSettingsInput = z.input<typeof videoSettingsSchema>;

/** What a video clip's own sound does: nothing (muted) or play quietly under the narration. */
export const CLIP_AUDIO = ['mute', 'duck'] as const;
export type ClipAudio = (typeof CLIP_AUDIO)[number];

export const createVideoRequestSchema = z
  .object({
    script: textField({ error: EMPTY_SCRIPT_MESSAGE })
      .trim()
      .max(VIDEO_LIMITS.maxChars, `Keep the script under ${VIDEO_LIMITS.maxChars.toLocaleString('en-US')} characters.`)
      .describe(
        'What the narrator says; up to 5 minutes spoken (about 750 words). Stage directions in [brackets] or (parentheses), links and code are not read.',
      ),
    ...videoSettingsSchema.shape,
    visuals: z
      .enum(VISUAL_MODES, { error: 'Choose generated backgrounds or your own images.' })
      .describe('"generated": the server finds a picture per scene (see visualOrder); "uploaded": your imageFileIds.'),
    imageFileIds: z
      .array(textField().min(1).max(100), { error: 'Images must be a list of uploaded files.' })
      .max(VIDEO_LIMITS.maxImages, `Use at most ${VIDEO_LIMITS.maxImages} images.`)
      .default([])
      .describe('With visuals "uploaded": fileIds from POST /videos/uploads, shown in this order.'),
    /** What the uploaded clips' own sound does under the narration. */
    clipAudio: z
      .enum(CLIP_AUDIO, { error: 'Choose whether clips keep their sound.' })
      .default('mute')
      .describe('What uploaded clips\' own sound does: "mute", or "duck" to play it quietly under the narration.'),
  })
  .superRefine((value, ctx) => {
    const lengthError = scriptLengthError(value.script);
    if (lengthError) ctx.addIssue({ code: 'custom', path: ['script'], message: lengthError });
    if (value.visuals === 'uploaded' && value.imageFileIds.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['imageFileIds'],
        message: 'Upload at least one image, or choose generated backgrounds.',
      });
    }
  });

export type CreateVideoRequestInput = z.input<typeof createVideoRequestSchema>;
export type CreateVideoRequest = z.output<typeof createVideoRequestSchema>;

/** Pixel size of a finished video. */
export function videoDimensions(aspect: VideoAspect, resolution: VideoResolution): { width: number; height: number } {
  const short = resolution === '1080p' ? 1080 : 720;
  const long = resolution === '1080p' ? 1920 : 1280;
  if (aspect === '16:9') return { width: long, height: short };
  if (aspect === '9:16') return { width: short, height: long };
  return { width: short, height: short };
}

// ---------------------------------------------------------------------------------------------------------------
// API answers (`src/server/features/videos/routes.ts`) and the figures the video pages show.

/** The user's own images and clips for "uploaded" visuals: the types the renderer reads, one request per file. */
export const VIDEO_UPLOAD = {
  types: ['image/jpeg', 'image/png', 'image/webp'] as const,
  maxBytes: 15 * 1024 * 1024,
  /** Smaller than this looks blurred even at 720p. */
  minSide: 256,
  maxSide: 8192,
  /** MP4, M4V (an MP4), MOV and WebM, told apart by their content. */
  clipTypes: ['video/mp4', 'video/quicktime', 'video/webm'] as const,
  maxClipBytes: 200 * 1024 * 1024,
  maxClipSec: 600,
  /** DCI 4K either way round: larger pictures cost more to decode per frame than a render can spend. */
  maxClipSide: 4096,
  maxClipPixels: 4096 * 2160,
} as const;
/** What the file picker offers: the types above and the extensions browsers do not always map to them. */
export const VIDEO_UPLOAD_ACCEPT = [...VIDEO_UPLOAD.types, ...VIDEO_UPLOAD.clipTypes, '.m4v', '.mov'].join(',');

/** The user's own background music: by content, not by name; probed for its length before it is kept. */
export const MUSIC_UPLOAD = {
  types: ['audio/mpeg', 'audio/wav', 'audio/mp4', 'audio/aac', 'audio/ogg', 'audio/flac'] as const,
  maxBytes: 30 * 1024 * 1024,
  maxSeconds: 600,
  /** What the file picker offers; the server still decides by the bytes. */
  accept: '.mp3,.wav,.m4a,.aac,.ogg,.oga,.flac,audio/*',
} as const;
export type MusicUploadType = (typeof MUSIC_UPLOAD.types)[number];

export const uploadedMusicSchema = z.object({
  fileId: z.string(),
  name: z.string().nullable(),
  durationSec: z.number(),
  /** Signed link to play it in the editor. */
  url: z.string(),
});
export type UploadedMusic = z.infer<typeof uploadedMusicSchema>;

/** "draft": a storyboard not rendered yet, listed in the history beside the videos (its id is `storyboardId`). */
export const VIDEO_STATUSES = ['draft', 'queued', 'active', 'succeeded', 'failed', 'cancelled'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
export const isVideoFinished = (status: VideoStatus): boolean =>
  status === 'succeeded' || status === 'failed' || status === 'cancelled';

/**
 * The pipeline's persisted stages (`VIDEO_STAGES` in `src/server/features/videos/pipeline/manifest.ts`) in order, as the progress list names
 * them. A unit test keeps the two lists in step.
 */
export const VIDEO_STAGE_LABELS = {
  clean: 'Cleaning the script',
  split: 'Splitting into scenes',
  narrate: 'Recording the narration',
  visuals: 'Building the visuals',
  captions: 'Timing the captions',
  render: 'Rendering the video',
  thumbnail: 'Making the thumbnail',
  store: 'Saving your files',
} as const;
export type VideoStageId = keyof typeof VIDEO_STAGE_LABELS;
export const VIDEO_STAGE_IDS = Object.keys(VIDEO_STAGE_LABELS) as VideoStageId[];

export const UPLOAD_KINDS = ['image', 'video'] as const;

export const uploadedImageSchema = z.object({
  fileId: z.string(),
  name: z.string().nullable(),
  contentType: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  size: z.number().int(),
  /** As displayed (a phone clip shot upright is taller than wide). */
  width: z.number().int(),
  height: z.number().int(),
  /** Clips only. */
  durationSec: z.number().nullable(),
  /** Signed preview link. */
  url: z.string(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const videoRecordSchema = z.object({
  /** A draft's id is its storyboard's. */
  id: z.string().describe("The video's id; a draft's is its storyboard's."),
  /** The storyboard it was rendered from (or, for a draft, is); null for one-step videos. */
  storyboardId: z
    .string()
    .nullable()
    .describe('The storyboard it was rendered from (or, for a draft, is); null for one-step videos.'),
  /** The script's opening words, for lists. */
  title: z.string().describe("The script's opening words, for lists."),
  script: z.string().describe('The script as sent.'),
  status: z
    .enum(VIDEO_STATUSES)
    .describe(
      '"queued", "active", then "succeeded", "failed" or "cancelled"; "draft" for a storyboard not rendered yet.',
    ),
  /** The pipeline stage running or last reached (a VideoStageId, or the queue's own word such as "Retrying"). */
  stage: z.string().nullable().describe('The pipeline stage running or last reached, e.g. "narrate", "render".'),
  /** 0..1 of the whole job, as the pipeline reports it; 1 once succeeded. */
  progress: z.number().describe('0 to 1 of the whole job; 1 once succeeded.'),
  voiceId: z.string().describe("The narrator's voice id."),
  voiceName: z.string().describe("The voice's display name."),
  voiceLanguage: z.string().describe('The voice\'s language tag, e.g. "en-US".'),
  aspect: z.enum(VIDEO_ASPECTS).describe('Frame shape as requested.'),
  resolution: z.enum(VIDEO_RESOLUTIONS).describe('Resolution as requested.'),
  width: z.number().int().describe('Pixel width of the MP4.'),
  height: z.number().int().describe('Pixel height of the MP4.'),
  captions: z.enum(CAPTION_STYLES).describe('Caption style as requested.'),
  captionOptions: z
    .object({ position: z.enum(CAPTION_POSITIONS), size: z.enum(CAPTION_SIZES), color: z.string() })
    .describe("The captions' position, size and highlight colour."),
  visuals: z.enum(VISUAL_MODES).describe('"generated" or "uploaded" pictures.'),
  visualOrder: z.enum(VISUAL_ORDERS).describe('Where generated pictures were looked for first.'),
  /** Stock pictures the finished video shows, credited on its page. */
  stockCredits: z
    .array(stockCreditSchema)
    .describe('Stock photos and clips the video shows, with their authors, to credit them.'),
  /** What each scene's picture was, once finished; empty before, and on videos made before it was kept. */
  pictures: z
    .array(scenePictureSchema)
    .describe("Each scene's picture source and what it depicts, once finished; empty before."),
  imageCount: z.number().int().describe('How many of your uploaded images or clips it uses.'),
  music: z
    .object({
      enabled: z.boolean(),
      volume: z.number().int(),
      track: z.enum(MUSIC_TRACK_IDS),
      /** The user's own track, when it replaced the library one: its file and the name it was uploaded with. */
      upload: z.object({ fileId: z.string(), name: z.string().nullable() }).nullable(),
    })
    .describe('Background music: on or off, volume 0-100, library track, or your upload that replaced it.'),
  /** Whether the account's brand kit (as it was when the video was accepted) is on it. */
  brandKit: z.boolean().describe('Whether your brand kit, as it was when the video was accepted, is on it.'),
  /** Of the finished MP4; null until then. */
  durationSec: z.number().nullable().describe('Length of the finished MP4 in seconds; null until then.'),
  /** estimateNarration's plus the brand cards, known from the start. */
  estimatedSec: z.number().describe('Estimated length in seconds (narration plus brand cards), known from the start.'),
  /**
   * Held while it is made (the estimate's price); once done, what was charged: per started minute of the finished
   * video, never more than was held. Returned if it fails or is cancelled.
   */
  cost: z.number().int().describe('Credits held while it is made; once done, what was charged (never more than held).'),
  creditsCharged: z
    .number()
    .int()
    .describe('Credits charged once it succeeded; 0 before, and when it failed or was cancelled.'),
  /** Plain-language reason when failed. */
  error: z.string().nullable().describe('Plain-language reason when failed; else null.'),
  /** Failed because the server lacks a tool (ffmpeg...): trying again cannot help until that is installed. */
  setupFailure: z
    .boolean()
    .describe('Failed because the server lacks a tool (such as ffmpeg): retrying cannot help until it is installed.'),
  video: linkedFileSchema.nullable().describe('The MP4 with a signed, short-lived url; null until succeeded.'),
  thumbnail: linkedFileSchema.nullable().describe('A JPEG still with a signed url; null until succeeded.'),
  subtitles: linkedFileSchema
    .nullable()
    .describe('The captions as an SRT file with a signed url; null until succeeded or when none were made.'),
  captionsVtt: linkedFileSchema
    .nullable()
    .describe(
      'The same captions as a WebVTT file (cue placement and, for word-timed looks, word timestamps) with a signed url; null until succeeded, and on videos made before WebVTT was written.',
    ),
  createdAt: z.string().describe('When it was accepted, ISO 8601.'),
  finishedAt: z.string().nullable().describe('When it succeeded, failed or was cancelled; null before.'),
});
export type VideoRecord = z.infer<typeof videoRecordSchema>;

export const videoPageSchema = z.object({
  items: z.array(videoRecordSchema).describe('The videos, newest first.'),
  nextCursor: z.string().nullable().describe('Pass it as `cursor` for the next page; null on the last page.'),
});
export type VideoPage = z.infer<typeof videoPageSchema>;

/** First words of the script, cut at a word boundary. */
export function videoTitle(script: string, maxChars = 60): string {
  const flat = script
    .replace(/[#*_>`~[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= maxChars) return flat || 'Untitled video';
  const cut = flat.slice(0, maxChars);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
