/**
 * The storyboard: the scenes of a video as the user shapes them between "Create video" and the render. Each scene
 * has its narration text, the search query behind its picture, the visual it shows and the transition into it.
 * The edits (split, merge, move, edit, swap) are pure functions over the scene list, run by the editor as the user
 * works and checked again by the server when the draft is saved.
 */
import { z } from 'zod';
import { cleanScript } from './clean.ts';
import { textField } from './text.ts';
import {
  CLIP_AUDIO,
  createVideoRequestSchema,
  estimateVideoCost,
  STOCK_PROVIDERS,
  scenePictureSchema,
  scriptLengthError,
  type VideoResolution,
  videoSettingsSchema,
} from './video.ts';

/** How a scene's picture comes in: a crossfade (today's look), a hard cut, or a dip through black. */
export const SCENE_TRANSITIONS = ['crossfade', 'cut', 'dip'] as const;
export type SceneTransition = (typeof SCENE_TRANSITIONS)[number];
export const SCENE_TRANSITION_LABELS: Record<SceneTransition, string> = {
  crossfade: 'Crossfade',
  cut: 'Cut',
  dip: 'Dip to black',
};

// The one-step request takes it too, so it lives with the video contract.
export { CLIP_AUDIO, type ClipAudio } from './video.ts';

export const STOCK_MEDIA = ['photo', 'video'] as const;
export type StockMedia = (typeof STOCK_MEDIA)[number];

export const STORYBOARD_LIMITS = {
  maxScenes: 60,
  maxSceneChars: 2000,
  maxQueryChars: 200,
  maxPromptChars: 500,
} as const;

/**
 * A scene's visual. "auto" lets the render pick by the video's visual order (stock, AI, illustration, designed); the others are
 * the user's choice from the storyboard. A stock pick names the provider's item only: the server looks the item up
 * itself (download link, author), so a request cannot point the server at an arbitrary address.
 */
export const sceneVisualSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('auto') }),
    z.object({ kind: z.literal('designed') }),
    /** Drawn offline from the scene's words: its subjects as icons, a place as a map, a number counting up. */
    z.object({ kind: z.literal('illustration') }),
    z.object({
      kind: z.literal('ai'),
      prompt: textField()
        .trim()
        .max(STORYBOARD_LIMITS.maxPromptChars, `Keep the prompt under ${STORYBOARD_LIMITS.maxPromptChars} characters.`)
        .default(''),
      /** A new seed is "Regenerate". */
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1)
        .default(0),
    }),
    z.object({
      kind: z.literal('stock'),
      provider: z.enum(STOCK_PROVIDERS),
      media: z.enum(STOCK_MEDIA),
      id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'This stock item id is not valid.'),
    }),
    z.object({
      kind: z.literal('upload'),
      /** An image or a video clip the user uploaded (POST /videos/uploads). */
      fileId: textField().min(1).max(100),
      audio: z.enum(CLIP_AUDIO).default('mute'),
    }),
  ],
  { error: 'Choose a visual for this scene.' },
);
export type SceneVisual = z.output<typeof sceneVisualSchema>;

export const storyboardSceneSchema = z.object({
  /** Stable across edits, chosen by whoever creates the scene (the server on split, the editor on split too). */
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Scene ids are letters, digits, - and _.')
    .describe('Your id for the scene, stable across edits: letters, digits, - and _.'),
  text: textField({ error: 'Write what this scene says.' })
    .trim()
    .min(1, 'Write what this scene says, or merge it into its neighbour.')
    .max(
      STORYBOARD_LIMITS.maxSceneChars,
      `Keep a scene under ${STORYBOARD_LIMITS.maxSceneChars} characters; split it in two.`,
    )
    .describe('What the narrator says in this scene.'),
  /** The words the stock and AI searches use; the server fills it when the storyboard is made. */
  query: textField()
    .trim()
    .max(STORYBOARD_LIMITS.maxQueryChars)
    .default('')
    .describe('The words the stock and AI picture searches use; the server fills it when it splits the script.'),
  visual: sceneVisualSchema
    .default({ kind: 'auto' })
    .describe(
      'The picture: {kind: "auto"} by the visual order, "designed", "illustration", "ai" with a prompt and seed, "stock" with a provider item, or "upload" with a fileId.',
    ),
  /** Into this scene; the first scene's is not used. */
  transition: z
    .enum(SCENE_TRANSITIONS, { error: 'Choose a transition.' })
    .default('crossfade')
    .describe("Into this scene; the first scene's is not used."),
});
export type StoryboardSceneInput = z.input<typeof storyboardSceneSchema>;
export type StoryboardScene = z.output<typeof storyboardSceneSchema>;

export const storyboardScenesSchema = z
  .array(storyboardSceneSchema, { error: 'Scenes must be a list.' })
  .min(1, 'A video needs at least one scene.')
  .max(STORYBOARD_LIMITS.maxScenes, `A video can have at most ${STORYBOARD_LIMITS.maxScenes} scenes.`)
  .superRefine((scenes, ctx) => {
    const seen = new Set<string>();
    scenes.forEach((scene, i) => {
      if (seen.has(scene.id))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'id'],
          message: 'Two scenes have the same id.',
        });
      seen.add(scene.id);
    });
  });

/** The whole narration of a storyboard, one paragraph a scene: what is estimated, priced and shown as the script. */
export const storyboardScript = (scenes: readonly Pick<StoryboardScene, 'text'>[]): string =>
  scenes.map((s) => s.text).join('\n\n');

/**
 * What rendering a storyboard holds, and the most it can charge: like any video, per started minute of the whole
 * narration (the encode is the whole video each time). A re-render pays that again; what it does not pay for twice
 * is the work behind unchanged scenes (their narration and pictures come from the cache), so there is no per-scene
 * surcharge and no discount either. The finished video is charged per started minute of its real length, never
 * more than this.
 */
export const storyboardCost = (
  scenes: readonly Pick<StoryboardScene, 'text'>[],
  resolution: VideoResolution,
  cardSeconds = 0,
): number => estimateVideoCost(storyboardScript(scenes), resolution, cardSeconds);

/** Scenes that can be rendered: each has something a voice can read, and together they fit in 5 minutes. */
export const renderableScenesSchema = storyboardScenesSchema.superRefine((scenes, ctx) => {
  scenes.forEach((scene, i) => {
    if (!/[\p{L}\p{N}]/u.test(cleanScript(scene.text)))
      ctx.addIssue({
        code: 'custom',
        path: [i, 'text'],
        message: 'Nothing in this scene can be read aloud: write the words the narrator should say.',
      });
  });
  const lengthError = scriptLengthError(storyboardScript(scenes));
  if (lengthError) ctx.addIssue({ code: 'custom', path: [], message: lengthError });
});

// ---------------------------------------------------------------------------------------------------------------
// Edits. Each returns a new list and leaves its input alone; an edit that cannot apply returns the input unchanged.

/** A short id unlikely to collide within one storyboard; `random` is injectable for tests. */
export function newSceneId(random: () => number = Math.random): string {
  return `s${Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0')}`;
}

/**
 * Splits a scene at a character offset of its text (the editor's cursor). Both halves keep the query and
 * transition; the visual stays with the first half, the second gets "auto". Offsets that leave an empty half do
 * nothing.
 */
export function splitScene(
  scenes: readonly StoryboardScene[],
  id: string,
  at: number,
  makeId: () => string = newSceneId,
): StoryboardScene[] {
  const index = scenes.findIndex((s) => s.id === id);
  const scene = scenes[index];
  if (!scene) return [...scenes];
  const head = scene.text.slice(0, at).trim();
  const tail = scene.text.slice(at).trim();
  if (!head || !tail) return [...scenes];
  return [
    ...scenes.slice(0, index),
    { ...scene, text: head },
    { ...scene, id: makeId(), text: tail, visual: { kind: 'auto' } },
    ...scenes.slice(index + 1),
  ];
}

/** Joins a scene with the one after it: texts joined, the first scene's visual, query and transition kept. */
export function mergeWithNext(scenes: readonly StoryboardScene[], id: string): StoryboardScene[] {
  const index = scenes.findIndex((s) => s.id === id);
  const scene = scenes[index];
  const next = scenes[index + 1];
  if (!scene || !next) return [...scenes];
  return [...scenes.slice(0, index), { ...scene, text: `${scene.text} ${next.text}` }, ...scenes.slice(index + 2)];
}

/** Moves a scene to `to` (clamped to the list). */
export function moveScene(scenes: readonly StoryboardScene[], id: string, to: number): StoryboardScene[] {
  const index = scenes.findIndex((s) => s.id === id);
  if (index < 0) return [...scenes];
  const rest = scenes.filter((_, i) => i !== index);
  const target = Math.max(0, Math.min(rest.length, to));
  return [...rest.slice(0, target), scenes[index]!, ...rest.slice(target)];
}

/** Changes one scene's fields. */
export function updateScene(
  scenes: readonly StoryboardScene[],
  id: string,
  change: Partial<Omit<StoryboardScene, 'id'>>,
): StoryboardScene[] {
  return scenes.map((s) => (s.id === id ? { ...s, ...change } : s));
}

// ---------------------------------------------------------------------------------------------------------------
// API shapes. Routes (features/videos):
//   POST   /storyboards                      { ...video settings, script }     → 201 Storyboard (split, queries filled)
//   GET    /storyboards/:id                                                    → Storyboard
//   PUT    /storyboards/:id                  { version, settings, scenes }     → Storyboard (409 on a stale version)
//   DELETE /storyboards/:id                                                    → 204
//   GET    /storyboards/:id/scenes/:sceneId/narration                          → audio/wav (cached by voice + text)
//   GET    /storyboards/:id/scenes/:sceneId/preview                            → image/jpeg of the scene's visual
//   POST   /storyboards/:id/render           (Idempotency-Key)                 → 202 VideoRecord (credits held)
//   GET    /videos/stock/search?q=&media=photo|video&orientation=landscape|portrait|square → StockSearchResults
// Drafts appear in the video history (GET /videos) with status "draft" and their storyboard id.

export const STORYBOARD_STATUSES = ['draft', 'rendering', 'rendered'] as const;
export type StoryboardStatus = (typeof STORYBOARD_STATUSES)[number];

export const storyboardSceneViewSchema = storyboardSceneSchema.extend({
  /** From the scene's words at the narration pace; the real length is known once it is narrated. */
  estimatedSec: z.number(),
  /** Real length of its cached narration for the storyboard's voice, when there is one. */
  narratedSec: z.number().nullable(),
  /** What the render will show: for "auto", the first source this server has for it. */
  picture: scenePictureSchema,
});
export type StoryboardSceneView = z.infer<typeof storyboardSceneViewSchema>;

export const storyboardSchema = z.object({
  id: z.string().describe("The storyboard's id."),
  /** The first scene's opening words, for lists. */
  title: z.string().describe("The first scene's opening words, for lists."),
  status: z
    .enum(STORYBOARD_STATUSES)
    .describe('"draft" until rendered, "rendering" while its video is made, then "rendered".'),
  /** Grows with every save; a save naming an older version is refused (409) so two tabs cannot overwrite each other. */
  version: z.number().int().describe('Grows with every save; send it back with PUT.'),
  settings: videoSettingsSchema.describe('The video settings the render will use.'),
  scenes: z
    .array(storyboardSceneViewSchema)
    .describe('The scenes in order, each with its estimated length and the picture the render will show.'),
  estimatedSec: z.number().describe('Estimated length of the video in seconds.'),
  /** What a render would hold now, in credits. */
  cost: z.number().int().describe('Credits a render would hold now.'),
  /** The latest video rendered from it. */
  videoId: z.string().nullable().describe('The latest video rendered from it; null before.'),
  /** Which of the scenes' uploads are video clips (a scene's visual names the file, not its kind). */
  clipFileIds: z.array(z.string()).describe("Which of the scenes' uploads are video clips."),
  createdAt: z.string().describe('When it was made, ISO 8601.'),
  updatedAt: z.string().describe('When it was last saved, ISO 8601.'),
});
export type Storyboard = z.infer<typeof storyboardSchema>;

/** The create form's request without the visual mode: the storyboard is where visuals are chosen, scene by scene. */
export const createStoryboardRequestSchema = videoSettingsSchema
  .extend({ script: createVideoRequestSchema.shape.script })
  .superRefine((value, ctx) => {
    const lengthError = scriptLengthError(value.script);
    if (lengthError) ctx.addIssue({ code: 'custom', path: ['script'], message: lengthError });
  });
export type CreateStoryboardRequest = z.output<typeof createStoryboardRequestSchema>;
export const saveStoryboardRequestSchema = z.object({
  version: z
    .number({ error: 'Send the version you edited.' })
    .int()
    .describe('The version you edited; 409 when it changed meanwhile.'),
  settings: videoSettingsSchema.describe(
    'The video settings, as in POST /videos (voice, aspect, resolution, captions, music, brand kit).',
  ),
  scenes: renderableScenesSchema.describe('Every scene in order, with its text, visual and transition.'),
});
export type SaveStoryboardRequest = z.input<typeof saveStoryboardRequestSchema>;

/** `GET /videos/stock/search?q=&media=&orientation=`: the storyboard's stock chooser. */
export const stockSearchQuery = z.object({
  q: z
    .string({ error: 'Type what to search for.' })
    .trim()
    .min(1, 'Type what to search for.')
    .max(STORYBOARD_LIMITS.maxQueryChars, `Keep the search under ${STORYBOARD_LIMITS.maxQueryChars} characters.`),
  media: z.enum(STOCK_MEDIA, { error: 'Search photos or videos.' }).default('photo'),
  orientation: z
    .enum(['landscape', 'portrait', 'square'], { error: 'Choose landscape, portrait or square.' })
    .default('landscape'),
});

export const stockSearchItemSchema = z.object({
  provider: z.enum(STOCK_PROVIDERS),
  media: z.enum(STOCK_MEDIA),
  id: z.string(),
  /** A small picture for the chooser (the provider's thumbnail or a video's poster frame). */
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Videos only. */
  durationSec: z.number().nullable(),
  author: z.string(),
  authorUrl: z.string().nullable(),
  pageUrl: z.string(),
});
export type StockSearchItem = z.infer<typeof stockSearchItemSchema>;

export const stockSearchResultsSchema = z.object({
  items: z.array(stockSearchItemSchema),
  /** Libraries that answered with an error or a rate limit, with what they said, so the chooser can say so. */
  problems: z.array(z.object({ provider: z.enum(STOCK_PROVIDERS), message: z.string() })),
  /** False when no stock key is configured: the chooser offers AI, designed and uploads only. */
  available: z.boolean(),
});
export type StockSearchResults = z.infer<typeof stockSearchResultsSchema>;
