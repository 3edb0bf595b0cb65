import { describe, expect, it } from 'vitest';
import { countWords, type ScriptRequestInput, scriptContentSchema, scriptRequestSchema } from '~/contract/scripts';
import { subjectOf, writeBuiltinScript } from '~/server/providers/llm/builtinWriter';
import { builtinScriptWriter } from '~/server/providers/llm/scriptWriter';

const request = (input: Partial<ScriptRequestInput> = {}) =>
  scriptRequestSchema.parse({
    topic: 'Meal prep for busy parents',
    tone: 'friendly',
    platform: 'youtube',
    targetSeconds: 60,
    ...input,
  });

const allText = (s: ReturnType<typeof writeBuiltinScript>) =>
  [s.hook, ...s.scenes.map((x) => x.narration), s.cta].join(' ');

describe('built-in writer', () => {
  it('returns a valid script whose timings follow the words', () => {
    const script = writeBuiltinScript(request());
    expect(scriptContentSchema.safeParse(script).success).toBe(true);
    for (let i = 1; i < script.scenes.length; i++)
      expect(script.scenes[i]!.startSec).toBe(script.scenes[i - 1]!.endSec);
    expect(script.durationSec).toBeCloseTo(countWords(allText(script)) / 2.5, 0);
  });

  it('lands near the target length, short and long', () => {
    for (const [platform, targetSeconds] of [
      ['shorts', 30],
      ['shorts', 60],
      ['youtube', 120],
      ['youtube', 300],
      ['square', 90],
    ] as const) {
      const script = writeBuiltinScript(request({ platform, targetSeconds }));
      expect(script.durationSec, `${platform} ${targetSeconds}s`).toBeGreaterThan(targetSeconds * 0.7);
      expect(script.durationSec, `${platform} ${targetSeconds}s`).toBeLessThan(targetSeconds * 1.3);
    }
  });

  it('gives each key point its own scene, in order, and uses the given call to action', () => {
    const keyPoints = ['Batch cook grains on Sunday', 'Use one sheet pan', 'Freeze portions in labelled bags'];
    const script = writeBuiltinScript(request({ keyPoints, callToAction: 'Follow for a weekly meal plan' }));
    const positions = keyPoints.map((p) =>
      script.scenes.findIndex((s) => s.narration.toLowerCase().includes(p.toLowerCase())),
    );
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(positions).size).toBe(3);
    expect(script.cta).toBe('Follow for a weekly meal plan.');
    expect(script.description).toContain('• Use one sheet pan');
  });

  it('frames scenes for the platform and fits the tone in the hook', () => {
    expect(writeBuiltinScript(request({ platform: 'shorts' })).scenes[0]!.visualCue).toMatch(/^Vertical 9:16/);
    expect(writeBuiltinScript(request({ platform: 'square' })).scenes[0]!.visualCue).toMatch(/1:1/);
    expect(writeBuiltinScript(request({ platform: 'shorts' })).hashtags).toContain('#Shorts');
    const hooks = (['energetic', 'humorous'] as const).map((tone) => writeBuiltinScript(request({ tone })).hook);
    expect(hooks[0]).not.toBe(hooks[1]);
  });

  it('is deterministic and never repeats a sentence', () => {
    const a = writeBuiltinScript(request({ targetSeconds: 300 }));
    expect(writeBuiltinScript(request({ targetSeconds: 300 }))).toEqual(a);
    const sentences = allText(a).split(/(?<=[.!?])\s+/);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('reads question-shaped topics as a subject', () => {
    expect(subjectOf('How compound interest works')).toBe('compound interest');
    expect(subjectOf('How to start a podcast?')).toBe('learning to start a podcast');
    expect(subjectOf('What is SEO')).toBe('SEO');
    expect(subjectOf('Why the sky is blue')).toBe('the question of why the sky is blue');
    expect(subjectOf('TikTok growth')).toBe('TikTok growth');
    expect(allText(writeBuiltinScript(request({ topic: 'How compound interest works' })))).not.toMatch(
      /how how|works works/i,
    );
  });

  it('is labelled as the built-in writer, not as AI', async () => {
    const result = await builtinScriptWriter().write(request());
    expect(result.engine).toEqual({ kind: 'builtin', label: 'Built-in writer' });
  });
});
