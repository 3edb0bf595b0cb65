import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_ID, findVoice, isVoiceAvailable, VOICES } from '~/contract/voices.ts';

describe('voice catalogue', () => {
  it('offers at least 50 offline voices across many languages', () => {
    const offline = VOICES.filter((v) => v.engine === 'espeak');
    expect(offline.length).toBeGreaterThanOrEqual(50);
    expect(new Set(offline.map((v) => v.language.slice(0, 2))).size).toBeGreaterThanOrEqual(30);
    expect(new Set(offline.map((v) => v.gender))).toEqual(new Set(['female', 'male']));
  });

  it('gives every voice a unique id, a name, a language and a preview line', () => {
    expect(new Set(VOICES.map((v) => v.id)).size).toBe(VOICES.length);
    for (const voice of VOICES) {
      expect(voice.id).toMatch(/^[a-z0-9-]+$/);
      expect(voice.name.length).toBeGreaterThan(1);
      expect(voice.languageName.length).toBeGreaterThan(1);
      expect(voice.preview.length).toBeGreaterThan(10);
    }
    expect(findVoice(DEFAULT_VOICE_ID)?.engine).toBe('espeak');
  });

  it('makes cloud voices available only when their key is configured', () => {
    const openai = VOICES.find((v) => v.engine === 'openai')!;
    const eleven = VOICES.find((v) => v.engine === 'elevenlabs')!;
    const offline = findVoice(DEFAULT_VOICE_ID)!;
    expect(isVoiceAvailable(offline, {})).toBe(true);
    expect(isVoiceAvailable(openai, {})).toBe(false);
    expect(isVoiceAvailable(openai, { openai: true })).toBe(true);
    expect(isVoiceAvailable(eleven, { openai: true })).toBe(false);
  });

  it('keeps the GPL speech engine out of every file the browser can load', () => {
    const browserDirs = [
      'src/app',
      'src/lib',
      'src/islands',
      'src/stores',
      'src/contract',
      'src/components',
      'src/pages',
    ];
    const offenders: string[] = [];
    const walk = (dir: string) => {
      if (!fs.existsSync(dir)) return;
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (fs.readFileSync(full, 'utf8').includes('espeak-ng-emscripten')) offenders.push(full);
      }
    };
    browserDirs.forEach(walk);
    expect(offenders).toEqual([]);
  });
});
