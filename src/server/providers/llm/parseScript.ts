/**
 * Turns whatever a chat model said into a valid script. Models wrap JSON in code fences, add chatter before or
 * after it, leave trailing commas, rename fields, nest the object one level down or skip fields entirely. We take
 * the first JSON object we can read, map the field names we know, fill gaps from the built-in writer's script for
 * the same request, clamp lengths, and re-time every scene at 150 words a minute (models cannot count time).
 * Only a reply with no usable scene narration is rejected.
 */
import {
  SCRIPT_CONTENT_LIMITS as L,
  retimeScript,
  type ScriptContent,
  type ScriptPlatform,
  scriptContentSchema,
  toHashtag,
} from '~/contract/scripts';
import { stripUnsafeText } from '~/contract/text';
import { shorten, visualCueFor } from './builtinWriter';

/** Returns the text of the first balanced {...} in `text`, respecting strings, or undefined. */
export function firstBalancedObject(text: string): string | undefined {
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const ch = text[i];
      if (inString) {
        if (ch === '\\') i++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
    }
  }
  return undefined;
}

/** Models can emit control characters (even \u0000); the script rules refuse them, so they go here. */
const cleanStrings = (_key: string, value: unknown): unknown =>
  typeof value === 'string' ? stripUnsafeText(value) : value;

const tryParse = (json: string): unknown => {
  for (const candidate of [json, json.replace(/,\s*([}\]])/g, '$1')]) {
    try {
      return JSON.parse(candidate, cleanStrings);
    } catch {
      // next repair
    }
  }
  return undefined;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first JSON object in a model reply: fenced blocks first, then the bare text. */
export function extractJsonObject(raw: string): Record<string, unknown> | undefined {
  const text = raw.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const fenced = [...text.matchAll(/```[a-zA-Z]*\s*([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  for (const candidate of [...fenced, text]) {
    const body = firstBalancedObject(candidate);
    const parsed = body === undefined ? undefined : tryParse(body);
    if (isRecord(parsed)) return parsed;
  }
  return undefined;
}

/** "Visual Cue", "visual_cue" and "visualCue" all become "visualcue". */
const norm = (key: string): string => key.toLowerCase().replace(/[^a-z0-9]/g, '');

function field(obj: Record<string, unknown>, names: readonly string[]): unknown {
  const byKey = new Map(Object.entries(obj).map(([k, v]) => [norm(k), v]));
  for (const name of names) {
    const value = byKey.get(name);
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(asText).filter(Boolean).join(' ');
  if (isRecord(value)) return asText(field(value, ['text', 'content', 'value', 'line']));
  return '';
}

function asList(value: unknown, splitter: RegExp): string[] {
  if (Array.isArray(value)) return value.map(asText).filter(Boolean);
  const text = asText(value);
  return text
    ? text
        .split(splitter)
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

const KEYS = {
  titles: ['titles', 'titleoptions', 'titleideas', 'title', 'headlines'],
  hook: ['hook', 'openinghook', 'opening', 'intro'],
  scenes: ['scenes', 'sections', 'segments', 'script', 'beats', 'shots'],
  narration: [
    'narration',
    'voiceover',
    'vo',
    'text',
    'script',
    'dialogue',
    'spoken',
    'speech',
    'line',
    'lines',
    'content',
  ],
  visual: [
    'visualcue',
    'visual',
    'visuals',
    'visualdescription',
    'broll',
    'shot',
    'footage',
    'onscreen',
    'onscreentext',
    'imageprompt',
    'image',
  ],
  cta: ['cta', 'calltoaction', 'outro', 'closing'],
  description: ['description', 'videodescription', 'summary', 'caption'],
  hashtags: ['hashtags', 'tags', 'hashtag'],
} as const;

/** Models sometimes answer {"script": {...}}; descend while the wanted fields are one level down. */
function unwrap(obj: Record<string, unknown>): Record<string, unknown> {
  let current = obj;
  for (let depth = 0; depth < 3; depth++) {
    if (Array.isArray(field(current, KEYS.scenes))) return current;
    const nested = Object.values(current).filter(isRecord);
    if (nested.length !== 1) return current;
    current = nested[0]!;
  }
  return current;
}

function readScenes(value: unknown, platform: ScriptPlatform): ScriptContent['scenes'] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => {
      const narration = isRecord(item) ? asText(field(item, KEYS.narration)) : asText(item);
      const cue = isRecord(item) ? asText(field(item, KEYS.visual)) : '';
      return {
        narration: shorten(narration, L.narrationMax),
        visualCue: shorten(cue || visualCueFor(platform, 'b-roll matching the narration', narration), L.visualCueMax),
        startSec: 0,
        endSec: 0,
      };
    })
    .filter((scene) => /[\p{L}\p{N}]/u.test(scene.narration))
    .slice(0, L.scenesMax);
}

const uniqueTags = (tags: string[]): string[] => {
  const seen = new Set<string>();
  return tags
    .map(toHashtag)
    .filter((t) => t && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()))
    .slice(0, L.hashtagsMax);
};

/**
 * Returns a valid, re-timed script, or undefined when the reply holds no scene with words in it. `fallback` is
 * the built-in writer's script for the same request and fills any field the model left out.
 */
export function parseScriptReply(
  raw: string,
  platform: ScriptPlatform,
  fallback: ScriptContent,
): (ScriptContent & { durationSec: number }) | undefined {
  const found = extractJsonObject(raw);
  if (!found) return undefined;
  const obj = unwrap(found);
  const scenes = readScenes(field(obj, KEYS.scenes), platform);
  if (scenes.length === 0) return undefined;

  const titles = asList(field(obj, KEYS.titles), /\n+/)
    .map((t) => shorten(t.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '').replace(/^"|"$/g, ''), L.titleMax))
    .filter(Boolean)
    .slice(0, L.titlesMax);
  const hashtags = uniqueTags(asList(field(obj, KEYS.hashtags), /[\s,]+/));
  const content: ScriptContent = {
    titles: titles.length > 0 ? titles : fallback.titles,
    hook: shorten(asText(field(obj, KEYS.hook)), L.hookMax) || fallback.hook,
    scenes,
    cta: shorten(asText(field(obj, KEYS.cta)), L.ctaMax) || fallback.cta,
    description: shorten(asText(field(obj, KEYS.description)), L.descriptionMax) || fallback.description,
    hashtags: hashtags.length > 0 ? hashtags : fallback.hashtags,
  };
  return retimeScript(scriptContentSchema.parse(content));
}
