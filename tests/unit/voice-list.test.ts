import { describe, expect, it } from 'vitest';
import { listVoices, matchesVoice, VOICE_LANGUAGES } from '~/app/components/voice-list';
import { previewPath } from '~/app/components/voice-preview';
import { VOICES, findVoice } from '~/contract/voices';

const all = { search: '', language: '', gender: '' };

describe('the voice picker list', () => {
  it('finds a voice by language, gender and part of its name', () => {
    const found = listVoices({ search: 'amel', language: 'English (UK)', gender: 'female' }, {});
    expect(found.map((v) => v.name)).toEqual(['Amelia']);
  });

  it('searches engine names and language tags as well as names', () => {
    expect(listVoices({ ...all, search: 'elevenlabs' }, {}).every((v) => v.engine === 'elevenlabs')).toBe(true);
    expect(listVoices({ ...all, search: 'elevenlabs' }, {})).toHaveLength(VOICES.filter((v) => v.engine === 'elevenlabs').length);
    const olivia = findVoice('en-us-olivia')!;
    expect(matchesVoice(olivia, { ...all, search: 'EN-us' })).toBe(true);
    expect(matchesVoice(olivia, { ...all, gender: 'male' })).toBe(false);
  });

  it('lists every voice, those the server can use first', () => {
    const withoutKeys = listVoices(all, {});
    expect(withoutKeys).toHaveLength(VOICES.length);
    const firstCloud = withoutKeys.findIndex((v) => v.engine !== 'espeak');
    expect(withoutKeys.slice(firstCloud).every((v) => v.engine !== 'espeak')).toBe(true);

    const withOpenAi = listVoices(all, { openai: true });
    const lastOpenAi = withOpenAi.findLastIndex((v) => v.engine === 'openai');
    const firstElevenLabs = withOpenAi.findIndex((v) => v.engine === 'elevenlabs');
    expect(lastOpenAi).toBeLessThan(firstElevenLabs);
  });

  it('offers each language once, sorted', () => {
    expect(new Set(VOICE_LANGUAGES).size).toBe(VOICE_LANGUAGES.length);
    expect(VOICE_LANGUAGES).toEqual([...VOICE_LANGUAGES].sort((a, b) => a.localeCompare(b)));
  });

  it('asks for a preview at the voice studio speed and pitch, or at the defaults', () => {
    const amelia = listVoices({ search: 'amelia', language: 'English (UK)', gender: '' }, {})[0]!;
    expect(previewPath(amelia)).toBe(`/speech/voices/${amelia.id}/preview`);
    expect(previewPath(amelia, { speed: 1.25, pitch: -2 })).toBe(`/speech/voices/${amelia.id}/preview?speed=1.25&pitch=-2`);
  });
});
