/**
 * Presets: a name for the create form's settings (voice, aspect, resolution, captions and their look, music, visual
 * order, brand kit), the user's own and a few built in for the common shapes. A preset is applied by copying its
 * settings onto a request; the script and pictures are never part of one.
 */
import { z } from 'zod';
import { DEFAULT_MUSIC_TRACK } from './music.ts';
import { textField } from './text.ts';
import { CAPTION_COLORS, VIDEO_LIMITS, type VideoSettings, videoSettingsSchema } from './video.ts';
import { DEFAULT_VOICE_ID } from './voices.ts';

export const PRESET_NAME_MAX = 60;
/** Enough for every shape and channel a person makes for; a list longer than this is no longer a quick pick. */
export const MAX_PRESETS = 50;

export const presetRequestSchema = z.object({
  name: textField({ error: 'Name the preset.' })
    .trim()
    .min(1, 'Name the preset.')
    .max(PRESET_NAME_MAX, `Keep the name under ${PRESET_NAME_MAX} characters.`)
    .describe('What the create form lists it as, e.g. "Weekly Shorts".'),
  settings: videoSettingsSchema.describe('The create form settings it fills in.'),
});
export type PresetRequestInput = z.input<typeof presetRequestSchema>;
export type PresetRequest = z.output<typeof presetRequestSchema>;

export const presetSchema = z.object({
  id: z.string().describe('A UUID for your presets; "builtin-…" for the built-in ones.'),
  name: z.string(),
  builtIn: z.boolean().describe('Built-in presets cannot be changed or deleted.'),
  settings: videoSettingsSchema.describe('The create form settings it fills in.'),
  createdAt: z.string().nullable().describe('When it was saved; null for built-in presets.'),
  updatedAt: z.string().nullable().describe('When it was last changed; null for built-in presets.'),
});
export type Preset = z.infer<typeof presetSchema>;

export const presetListSchema = z.object({
  items: z.array(presetSchema).describe('The built-in presets first, then yours by name.'),
});
export type PresetList = z.infer<typeof presetListSchema>;

const BUILT_IN_PREFIX = 'builtin-';
export const isBuiltInPresetId = (id: string): boolean => id.startsWith(BUILT_IN_PREFIX);

/**
 * The preset a sheet's cell or a batch names: by its id, or by its name in any case ("shorts" for "Shorts") when
 * exactly one of `presets` has that name; two presets of one name are a doubt, and name neither.
 */
export function presetNamed<T extends Pick<Preset, 'id' | 'name'>>(
  presets: readonly T[],
  idOrName: string,
): T | undefined {
  const wanted = idOrName.trim();
  const byId = presets.find((preset) => preset.id === wanted);
  if (byId) return byId;
  const named = presets.filter((preset) => preset.name.trim().toLowerCase() === wanted.toLowerCase());
  return named.length === 1 ? named[0] : undefined;
}
export const BUILT_IN_PRESET_MESSAGE = 'Built-in presets cannot be changed or deleted; save your own copy instead.';

const music = { enabled: true, volume: VIDEO_LIMITS.defaultMusicVolume, track: DEFAULT_MUSIC_TRACK };

/** The common shapes: phone-first vertical with word captions, landscape for YouTube, square for feeds. */
export const BUILT_IN_PRESETS: readonly Preset[] = (
  [
    {
      id: `${BUILT_IN_PREFIX}vertical-shorts`,
      name: 'Shorts, Reels and TikTok (9:16)',
      settings: {
        voiceId: DEFAULT_VOICE_ID,
        aspect: '9:16',
        resolution: '1080p',
        captions: 'word',
        captionOptions: { position: 'middle', size: 'large', color: CAPTION_COLORS[0] },
        visualOrder: 'stock-first',
        music: { ...music, track: 'upbeat-pluck' },
      },
    },
    {
      id: `${BUILT_IN_PREFIX}youtube-landscape`,
      name: 'YouTube (16:9)',
      settings: {
        voiceId: DEFAULT_VOICE_ID,
        aspect: '16:9',
        resolution: '1080p',
        captions: 'line',
        captionOptions: { position: 'bottom', size: 'medium', color: CAPTION_COLORS[0] },
        visualOrder: 'stock-first',
        music,
      },
    },
    {
      id: `${BUILT_IN_PREFIX}square-feed`,
      name: 'Square for feeds (1:1)',
      settings: {
        voiceId: DEFAULT_VOICE_ID,
        aspect: '1:1',
        resolution: '720p',
        captions: 'karaoke',
        captionOptions: { position: 'bottom', size: 'medium', color: CAPTION_COLORS[1] },
        visualOrder: 'stock-first',
        music,
      },
    },
  ] satisfies { id: string; name: string; settings: VideoSettings }[]
).map((preset) => ({ ...preset, builtIn: true, createdAt: null, updatedAt: null }));

/**
 * A request's settings with a preset applied: the preset's settings, then whatever the request states itself (a
 * batch row's own voice wins over its preset's). Pure, for the create form and for batches alike.
 */
export function applyPreset(
  preset: Pick<Preset, 'settings'>,
  request: { [K in keyof VideoSettings]?: VideoSettings[K] | undefined },
): VideoSettings {
  const defined = Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
  return { ...preset.settings, ...defined } as VideoSettings;
}
