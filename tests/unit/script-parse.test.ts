import { describe, expect, it } from 'vitest';
import { scriptContentSchema, scriptRequestSchema } from '~/contract/scripts';
import { writeBuiltinScript } from '~/server/providers/llm/builtinWriter';
import { extractJsonObject, firstBalancedObject, parseScriptReply } from '~/server/providers/llm/parseScript';

const fallback = writeBuiltinScript(
  scriptRequestSchema.parse({ topic: 'Coffee brewing', tone: 'friendly', platform: 'shorts', targetSeconds: 30 }),
);
const parse = (raw: string) => parseScriptReply(raw, 'shorts', fallback);
const words = (n: number) => Array.from({ length: n }, () => 'brew').join(' ');

const full = {
  titles: ['Better Coffee', 'Brew Like a Barista'],
  hook: 'Your coffee could taste twice as good.',
  scenes: [
    { narration: words(25), visualCue: 'Pour-over close-up', startSec: 0, endSec: 3 },
    { narration: words(50), visualCue: 'Grinder', startSec: 3, endSec: 4 },
  ],
  cta: 'Follow for more.',
  description: 'Three tips.',
  hashtags: ['#coffee', 'barista life'],
};

describe('finding the JSON in a model reply', () => {
  it('reads a bare object, a fenced block and an object with chatter around it', () => {
    expect(extractJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(extractJsonObject('Sure! Here it is:\n```json\n{"a": {"b": "}"}}\n```\nEnjoy!')).toEqual({ a: { b: '}' } });
    expect(extractJsonObject('Here you go: {"a": [1, 2,],} Hope that helps {not json}')).toEqual({ a: [1, 2] });
    expect(extractJsonObject('<think>maybe {"draft": true}</think>{"final": true}')).toEqual({ final: true });
  });

  it('returns nothing for prose or a truncated object', () => {
    expect(extractJsonObject('I cannot help with that.')).toBeUndefined();
    expect(extractJsonObject('{"scenes": [{"narration": "cut off')).toBeUndefined();
    expect(firstBalancedObject('{"a": "\\"}"}')).toBe('{"a": "\\"}"}');
  });
});

describe('parsing a script reply', () => {
  it('keeps the model text and re-times scenes at 150 wpm, ignoring its timings', () => {
    const script = parse(JSON.stringify(full))!;
    expect(script.hook).toBe(full.hook);
    expect(script.scenes.map((s) => [s.startSec, s.endSec])).toEqual([
      [2.8, 12.8],
      [12.8, 32.8],
    ]);
    expect(script.hashtags).toEqual(['#coffee', '#BaristaLife']);
    expect(scriptContentSchema.safeParse(script).success).toBe(true);
  });

  it('maps other field names, string scenes and nested objects', () => {
    const reply = `\`\`\`json
{"script": {"title": "One Title", "opening": "Hello there.", "sections": ["First line here.", {"voice_over": "Second line.", "B-roll": "beans"}],
 "call_to_action": "Subscribe.", "summary": "About coffee.", "tags": "#a, #b #c"}}
\`\`\``;
    const script = parse(reply)!;
    expect(script.titles).toEqual(['One Title']);
    expect(script.hook).toBe('Hello there.');
    expect(script.scenes.map((s) => s.narration)).toEqual(['First line here.', 'Second line.']);
    expect(script.scenes[1]!.visualCue).toBe('beans');
    expect(script.scenes[0]!.visualCue).toMatch(/^Vertical 9:16/);
    expect(script.cta).toBe('Subscribe.');
    expect(script.hashtags).toEqual(['#a', '#b', '#c']);
  });

  it('fills missing fields from the built-in script and clamps oversized ones', () => {
    const script = parse(
      JSON.stringify({ scenes: [{ narration: 'x'.repeat(5000) }], titles: Array(9).fill('Title') }),
    )!;
    expect(script.hook).toBe(fallback.hook);
    expect(script.cta).toBe(fallback.cta);
    expect(script.description).toBe(fallback.description);
    expect(script.hashtags).toEqual(fallback.hashtags);
    expect(script.titles).toHaveLength(5);
    expect(script.scenes[0]!.narration.length).toBeLessThanOrEqual(1500);
  });

  it('drops control characters and broken surrogates a model emits, so its script passes the script rules', () => {
    const noisy = {
      ...full,
      hook: 'Your coffee\u0000 could\u000B taste twice as good.\uD800',
      titles: ['Better\u001B Coffee'],
    };
    const script = parse(JSON.stringify(noisy))!;
    expect(script.hook).toBe('Your coffee could taste twice as good.');
    expect(script.titles[0]).toBe('Better Coffee');
    expect(scriptContentSchema.safeParse(script).success).toBe(true);
  });

  it('rejects replies without usable scenes', () => {
    expect(parse('Sorry, as an AI I cannot write scripts.')).toBeUndefined();
    expect(parse('{"titles": ["x"], "hook": "y"}')).toBeUndefined();
    expect(parse('{"scenes": [{"narration": "..."}, {"visualCue": "only a visual"}]}')).toBeUndefined();
  });
});
