import { describe, expect, it } from 'vitest';
import { applyPresetToForm, INITIAL_FORM, presetSettings } from '~/app/features/videos/model';
import { applyPreset, BUILT_IN_PRESETS, isBuiltInPresetId, presetNamed, presetRequestSchema } from '~/contract/presets';
import { createVideoRequestSchema, videoSettingsSchema } from '~/contract/video';

describe('presets', () => {
  it('has valid built-in settings for the common shapes, each marked built-in', () => {
    expect(BUILT_IN_PRESETS.map((p) => p.settings.aspect)).toEqual(['9:16', '16:9', '1:1']);
    for (const preset of BUILT_IN_PRESETS) {
      expect(preset.builtIn).toBe(true);
      expect(isBuiltInPresetId(preset.id)).toBe(true);
      expect(videoSettingsSchema.parse(preset.settings)).toEqual(preset.settings);
    }
    expect(BUILT_IN_PRESETS[0]!.settings.captions).toBe('word');
  });

  it('is named in a sheet by its id or by its name in any case, and a name two presets share names neither', () => {
    const own = [
      { id: 'a1', name: 'Weekly tips' },
      { id: 'b2', name: 'Promo' },
      { id: 'c3', name: 'promo ' },
    ];
    const all = [...BUILT_IN_PRESETS, ...own];
    expect(presetNamed(all, 'builtin-vertical-shorts')?.name).toBe(BUILT_IN_PRESETS[0]!.name);
    expect(presetNamed(all, ' weekly TIPS ')?.id).toBe('a1');
    expect(presetNamed(all, 'youtube (16:9)')?.id).toBe('builtin-youtube-landscape');
    expect(presetNamed(all, 'promo')).toBeUndefined();
    expect(presetNamed(all, 'b2')?.name).toBe('Promo');
    expect(presetNamed(all, 'monthly')).toBeUndefined();
  });

  it('round-trips the create form: saved settings applied to a fresh form give the same request', () => {
    const form = {
      ...INITIAL_FORM,
      script: 'Hello there.',
      aspect: '1:1' as const,
      resolution: '720p' as const,
      captions: 'karaoke' as const,
      captionOptions: { position: 'top' as const, size: 'large' as const, color: '#7CF27C' },
      visualOrder: 'illustration' as const,
      musicTrack: 'warm-piano' as const,
      musicVolume: 55,
      brandKit: false,
    };
    const saved = presetRequestSchema.parse({ name: 'Square', settings: presetSettings(form) }).settings;
    const applied = applyPresetToForm({ ...INITIAL_FORM, script: 'Hello there.' }, saved);
    expect(applied).toEqual(form);
  });

  it('leaves the script, pictures and an unknown brand switch alone, and never keeps an uploaded music file', () => {
    const upload = { fileId: '3f1c9a7e-2b4d-4c8e-9f10-5a6b7c8d9e0f', name: 'jingle.mp3', durationSec: 3, url: 'u' };
    const settings = presetSettings({ ...INITIAL_FORM, musicUpload: upload });
    expect(settings.music).not.toHaveProperty('fileId');
    expect(settings).not.toHaveProperty('brandKit');
    const form = { ...INITIAL_FORM, script: 'Mine.', musicUpload: upload, brandKit: true };
    const applied = applyPresetToForm(form, BUILT_IN_PRESETS[1]!.settings);
    expect(applied).toMatchObject({ script: 'Mine.', musicUpload: null, brandKit: true, aspect: '16:9' });
  });

  it("applies a preset under a request's own settings, for batches: what a row states wins", () => {
    const merged = applyPreset(BUILT_IN_PRESETS[0]!, { voiceId: 'en-us-james', aspect: undefined });
    expect(merged).toMatchObject({ voiceId: 'en-us-james', aspect: '9:16', captions: 'word' });
    const request = createVideoRequestSchema.safeParse({ script: 'A row.', visuals: 'generated', ...merged });
    expect(request.success).toBe(true);
  });
});
