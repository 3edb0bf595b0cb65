/**
 * Script generator contract: what the browser sends, what every writer (AI or built-in) must return, and the
 * timing rule both sides apply so an edited script keeps consistent scene times.
 */
import { z } from 'zod';
import { textField } from './text.ts';
import { countWords } from './words.ts';

export const SCRIPT_PLATFORMS = ['youtube', 'shorts', 'square'] as const;
export type ScriptPlatform = (typeof SCRIPT_PLATFORMS)[number];

export const PLATFORM_LABELS: Record<ScriptPlatform, string> = {
  youtube: 'YouTube (16:9)',
  shorts: 'TikTok / Reels / Shorts (9:16)',
  square: 'Square (1:1)',
};

export const SCRIPT_TONES = [
  'friendly',
  'professional',
  'energetic',
  'educational',
  'inspirational',
  'humorous',
] as const;
export type ScriptTone = (typeof SCRIPT_TONES)[number];

export const TONE_LABELS: Record<ScriptTone, string> = {
  friendly: 'Friendly',
  professional: 'Professional',
  energetic: 'Energetic',
  educational: 'Educational',
  inspirational: 'Inspirational',
  humorous: 'Humorous',
};

export const SCRIPT_LIMITS = {
  topicMin: 3,
  topicMax: 200,
  audienceMax: 120,
  keyPointsMax: 8,
  keyPointMax: 200,
  ctaMax: 200,
  secondsMin: 15,
  /** The agent renders videos of up to 5 minutes; a script longer than that could not become a video. */
  secondsMax: 300,
  /** Shorts, Reels and TikTok cap vertical videos well below the long-form limit. */
  shortsSecondsMax: 180,
} as const;

/** About 150 spoken words a minute. */
export const WORDS_PER_SECOND = 150 / 60;

const trimmed = (max: number, what: string) =>
  textField({ error: `Enter ${what}.` })
    .trim()
    .max(max, `Keep ${what} under ${max} characters.`);

export const scriptRequestSchema = z
  .object({
    topic: trimmed(SCRIPT_LIMITS.topicMax, 'the topic')
      .min(SCRIPT_LIMITS.topicMin, 'Describe the topic in at least 3 characters.')
      .describe('What the video is about, at least 3 characters.'),
    audience: trimmed(SCRIPT_LIMITS.audienceMax, 'the audience')
      .default('')
      .describe('Who it is for, e.g. "small business owners".'),
    tone: z.enum(SCRIPT_TONES, { error: 'Choose a tone.' }).describe('The voice of the writing.'),
    platform: z
      .enum(SCRIPT_PLATFORMS, { error: 'Choose a platform.' })
      .describe('Where it will run: "youtube" 16:9, "shorts" 9:16 (at most 3 minutes), "square" 1:1.'),
    targetSeconds: z.coerce
      .number({ error: 'Enter the target length in seconds.' })
      .int('Use whole seconds.')
      .min(SCRIPT_LIMITS.secondsMin, `Scripts are at least ${SCRIPT_LIMITS.secondsMin} seconds long.`)
      .max(SCRIPT_LIMITS.secondsMax, `Scripts are at most ${SCRIPT_LIMITS.secondsMax / 60} minutes long.`)
      .describe('Spoken length to aim for, in seconds (about 150 words a minute).'),
    keyPoints: z
      .array(trimmed(SCRIPT_LIMITS.keyPointMax, 'each key point'), { error: 'Key points must be a list.' })
      .max(SCRIPT_LIMITS.keyPointsMax, `Add at most ${SCRIPT_LIMITS.keyPointsMax} key points.`)
      .transform((points) => points.filter(Boolean))
      .default([])
      .describe('Points the script must make; empty ones are dropped.'),
    callToAction: trimmed(SCRIPT_LIMITS.ctaMax, 'the call to action')
      .default('')
      .describe('What viewers should do at the end, e.g. "Try it free".'),
  })
  .superRefine((value, ctx) => {
    if (value.platform === 'shorts' && value.targetSeconds > SCRIPT_LIMITS.shortsSecondsMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['targetSeconds'],
        message: `Vertical shorts are at most ${SCRIPT_LIMITS.shortsSecondsMax / 60} minutes long.`,
      });
    }
  });

export type ScriptRequestInput = z.input<typeof scriptRequestSchema>;
export type ScriptRequest = z.output<typeof scriptRequestSchema>;

export const SCRIPT_CONTENT_LIMITS = {
  titlesMax: 5,
  titleMax: 120,
  hookMax: 400,
  scenesMax: 40,
  narrationMax: 1500,
  visualCueMax: 400,
  ctaMax: 400,
  descriptionMax: 2000,
  hashtagsMax: 15,
  hashtagMax: 40,
} as const;

export const scriptSceneSchema = z.object({
  narration: textField()
    .trim()
    .min(1, 'A scene needs narration.')
    .max(SCRIPT_CONTENT_LIMITS.narrationMax, `Keep each scene under ${SCRIPT_CONTENT_LIMITS.narrationMax} characters.`)
    .describe('What the narrator says in this scene.'),
  visualCue: textField()
    .trim()
    .max(SCRIPT_CONTENT_LIMITS.visualCueMax, `Keep visual cues under ${SCRIPT_CONTENT_LIMITS.visualCueMax} characters.`)
    .describe('What the scene should show.'),
  startSec: z.number().min(0).describe('Where the scene starts in the spoken script, in seconds.'),
  endSec: z.number().min(0).describe('Where it ends, in seconds.'),
});
export type ScriptScene = z.infer<typeof scriptSceneSchema>;

/** The editable body of a script; timings are recomputed from the words, so callers may send stale ones. */
export const scriptContentSchema = z.object({
  titles: z
    .array(
      textField()
        .trim()
        .min(1, 'Titles cannot be empty.')
        .max(SCRIPT_CONTENT_LIMITS.titleMax, 'Keep titles under 120 characters.'),
    )
    .min(1, 'Keep at least one title.')
    .max(SCRIPT_CONTENT_LIMITS.titlesMax, `Keep at most ${SCRIPT_CONTENT_LIMITS.titlesMax} titles.`)
    .describe('Title ideas for the video, at least one.'),
  hook: textField()
    .trim()
    .max(SCRIPT_CONTENT_LIMITS.hookMax, `Keep the hook under ${SCRIPT_CONTENT_LIMITS.hookMax} characters.`)
    .describe('The opening line that makes viewers stay.'),
  scenes: z
    .array(scriptSceneSchema)
    .min(1, 'Keep at least one scene.')
    .max(SCRIPT_CONTENT_LIMITS.scenesMax, `Keep at most ${SCRIPT_CONTENT_LIMITS.scenesMax} scenes.`)
    .describe('The script scene by scene, with timings recomputed from the words.'),
  cta: textField()
    .trim()
    .max(SCRIPT_CONTENT_LIMITS.ctaMax, `Keep the call to action under ${SCRIPT_CONTENT_LIMITS.ctaMax} characters.`)
    .describe('The closing call to action.'),
  description: textField()
    .trim()
    .max(
      SCRIPT_CONTENT_LIMITS.descriptionMax,
      `Keep the description under ${SCRIPT_CONTENT_LIMITS.descriptionMax} characters.`,
    )
    .describe('A description to post with the video.'),
  hashtags: z
    .array(textField().trim().max(SCRIPT_CONTENT_LIMITS.hashtagMax, 'Keep hashtags short.'))
    .max(SCRIPT_CONTENT_LIMITS.hashtagsMax, `Keep at most ${SCRIPT_CONTENT_LIMITS.hashtagsMax} hashtags.`)
    .describe('Hashtags to post with it.'),
});
export type ScriptContent = z.infer<typeof scriptContentSchema>;

export const SCRIPT_ENGINE_KINDS = ['builtin', 'llm'] as const;
export type ScriptEngineKind = (typeof SCRIPT_ENGINE_KINDS)[number];
export const scriptEngineSchema = z.object({
  kind: z.enum(SCRIPT_ENGINE_KINDS),
  /** What the interface shows, e.g. "Built-in writer" or "AI · gpt-4o-mini". */
  label: z.string(),
});
export type ScriptEngine = z.infer<typeof scriptEngineSchema>;

/** `GET /scripts/writer`: the engine the next script is written by, so the form shows its price before the click. */
export interface ScriptWriterAnswer {
  engine: ScriptEngine;
}

export const BUILTIN_WRITER_LABEL = 'Built-in writer';

export const scriptResultSchema = scriptContentSchema.extend({
  engine: scriptEngineSchema.describe('Who wrote it: the built-in writer or an AI model, with its label.'),
  durationSec: z
    .number()
    .describe('Spoken length of the hook, scenes and call to action in seconds, at 150 words a minute.'),
});
export type ScriptResult = z.infer<typeof scriptResultSchema>;

/** A saved generation as the API returns it. */
export const scriptRecordSchema = scriptResultSchema.extend({
  id: z.string().describe("The script's id."),
  request: scriptRequestSchema.describe('The request it was written from.'),
  creditsCharged: z.number().int().describe('Credits charged for writing it (the built-in writer is free).'),
  createdAt: z.string().describe('When it was written, ISO 8601.'),
  updatedAt: z.string().describe('When it was last edited, ISO 8601.'),
});
export type ScriptRecord = z.infer<typeof scriptRecordSchema>;

export const scriptSummarySchema = z.object({
  id: z.string().describe("The script's id; GET /scripts/{id} answers the whole script."),
  title: z.string().describe('Its first title.'),
  topic: z.string().describe('The topic it was written about.'),
  platform: z.enum(SCRIPT_PLATFORMS).describe('Where it was written for.'),
  durationSec: z.number().describe('Spoken length in seconds.'),
  engine: scriptEngineSchema.describe('Who wrote it.'),
  createdAt: z.string().describe('When it was written, ISO 8601.'),
});
export type ScriptSummary = z.infer<typeof scriptSummarySchema>;

/** `GET /scripts?cursor=&limit=`: newest first; pass `nextCursor` back for the next page. */
export const scriptPageSchema = z.object({
  items: z.array(scriptSummarySchema).describe('The scripts, newest first, in short.'),
  nextCursor: z.string().nullable().describe('Pass it as `cursor` for the next page; null on the last page.'),
});
export type ScriptPage = z.infer<typeof scriptPageSchema>;

export { countWords };

const round1 = (n: number): number => Math.round(n * 10) / 10;

/** Spoken seconds for a piece of narration; a non-empty line never gets less than one second on screen. */
export function spokenSeconds(text: string): number {
  const words = countWords(text);
  return words === 0 ? 0 : Math.max(1, round1(words / WORDS_PER_SECOND));
}

export interface TimelineEntry {
  kind: 'hook' | 'scene' | 'cta';
  /** "Hook", "Scene 3", "Call to action" */
  label: string;
  text: string;
  visualCue: string;
  startSec: number;
  endSec: number;
}

/**
 * The spoken order is hook → scenes → call to action. Scene times are measured on that whole timeline, so
 * scene 1 starts when the hook ends.
 */
export function scriptTimeline(content: Pick<ScriptContent, 'hook' | 'scenes' | 'cta'>): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  let t = 0;
  const push = (kind: TimelineEntry['kind'], label: string, text: string, visualCue: string) => {
    const duration = spokenSeconds(text);
    if (duration === 0) return;
    entries.push({ kind, label, text, visualCue, startSec: round1(t), endSec: round1(t + duration) });
    t += duration;
  };
  push('hook', 'Hook', content.hook, '');
  for (const [i, scene] of content.scenes.entries()) push('scene', `Scene ${i + 1}`, scene.narration, scene.visualCue);
  push('cta', 'Call to action', content.cta, '');
  return entries;
}

/** Recomputes every scene's start and end from its words (150 wpm) and returns the total spoken length. */
export function retimeScript<T extends Pick<ScriptContent, 'hook' | 'scenes' | 'cta'>>(
  content: T,
): T & { durationSec: number } {
  const timeline = scriptTimeline(content);
  const sceneTimes = timeline.filter((e) => e.kind === 'scene');
  const hookEnd = timeline.find((e) => e.kind === 'hook')?.endSec ?? 0;
  let cursor = hookEnd;
  let sceneIndex = 0;
  const scenes = content.scenes.map((scene) => {
    // Scenes without words were skipped by the timeline; they get a zero-length slot where they sit.
    if (countWords(scene.narration) === 0) return { ...scene, startSec: cursor, endSec: cursor };
    const time = sceneTimes[sceneIndex++];
    cursor = time?.endSec ?? cursor;
    return { ...scene, startSec: time?.startSec ?? cursor, endSec: cursor };
  });
  return { ...content, scenes, durationSec: timeline.at(-1)?.endSec ?? 0 };
}

/** The narration a voice would read, in spoken order: hook, scenes, call to action. */
export function scriptNarration(content: Pick<ScriptContent, 'hook' | 'scenes' | 'cta'>): string {
  return scriptTimeline(content)
    .map((e) => e.text.trim())
    .join('\n\n');
}

/** Normalises "Top Tips!", "#top_tips" or "top tips" to "#TopTips"; empty when nothing usable is left. */
export function toHashtag(raw: string): string {
  const words = raw
    .replace(/^#+/, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return '';
  const body = words.length === 1 ? words[0]! : words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return `#${body.slice(0, SCRIPT_CONTENT_LIMITS.hashtagMax - 1)}`;
}
