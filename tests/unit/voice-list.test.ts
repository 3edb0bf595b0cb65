import { describe, expect, it } from 'vitest';
import { listVoices, matchesVoice, voiceLanguages } from '~/app/components/voice-list';
import { previewPath } from '~/app/components/voice-preview';
import { findVoice, VOICES, type Voice } from '~/contract/voices';

const all = { search: '', language: '', gender: '' };

describe('the voice picker list', () => {
  it('finds a voice by language, gender and part of its name', () => {
    const found = listVoices({ search: 'amel', language: 'English (UK)', gender: 'female' }, {}, VOICES);
    expect(found.map((v) => v.name)).toEqual(['Amelia']);
  });

  it('searches engine names and language tags as well as names', () => {
    expect(listVoices({ ...all, search: 'elevenlabs' }, {}, VOICES).every((v) => v.engine === 'elevenlabs')).toBe(true);
    expect(listVoices({ ...all, search: 'elevenlabs' }, {}, VOICES)).toHaveLength(
      VOICES.filter((v) => v.engine === 'elevenlabs').length,
    );
    const olivia = findVoice('en-us-olivia')!;
    expect(matchesVoice(olivia, { ...all, search: 'EN-us' })).toBe(true);
    expect(matchesVoice(olivia, { ...all, gender: 'male' })).toBe(false);
  });

  it('lists every voice, those the server can use first', () => {
    const withoutKeys = listVoices(all, {}, VOICES);
    expect(withoutKeys).toHaveLength(VOICES.length);
    const firstCloud = withoutKeys.findIndex((v) => v.engine !== 'espeak');
    expect(withoutKeys.slice(firstCloud).every((v) => v.engine !== 'espeak')).toBe(true);

    const withOpenAi = listVoices(all, { openai: true }, VOICES);
    const lastOpenAi = withOpenAi.findLastIndex((v) => v.engine === 'openai');
    const firstElevenLabs = withOpenAi.findIndex((v) => v.engine === 'elevenlabs');
    expect(lastOpenAi).toBeLessThan(firstElevenLabs);
  });

  it('offers each language once, sorted', () => {
    const languages = voiceLanguages(VOICES);
    expect(new Set(languages).size).toBe(languages.length);
    expect(languages).toEqual([...languages].sort((a, b) => a.localeCompare(b)));
  });

  it('finds live voices by their styles and lists a neutral voice under its own gender', () => {
    const base = { language: 'en-US', languageName: 'English (US)', preview: 'Hi' };
    const jenny: Voice = {
      ...base,
      id: 'azure:en-US-JennyNeural',
      name: 'Jenny',
      gender: 'female',
      engine: 'azure',
      engineVoice: 'en-US-JennyNeural',
      styles: ['cheerful', 'newscast'],
    };
    const sage: Voice = {
      ...base,
      id: 'google:en-US-Chirp3-HD-Sage',
      name: 'Chirp3 HD Sage',
      gender: 'neutral',
      engine: 'google',
      engineVoice: 'en-US-Chirp3-HD-Sage',
    };
    expect(
      listVoices({ ...all, search: 'newscast' }, { azure: true }, [...VOICES, jenny, sage]).map((v) => v.id),
    ).toEqual([jenny.id]);
    expect(listVoices({ ...all, gender: 'neutral' }, {}, [...VOICES, jenny, sage]).map((v) => v.id)).toEqual([sage.id]);
  });

  it('asks for a preview at the voice studio speed and pitch, or at the defaults', () => {
    const amelia = listVoices({ search: 'amelia', language: 'English (UK)', gender: '' }, {}, VOICES)[0]!;
    expect(previewPath(amelia)).toBe(`/speech/voices/${amelia.id}/preview`);
    expect(previewPath(amelia, { speed: 1.25, pitch: -2 })).toBe(
      `/speech/voices/${amelia.id}/preview?speed=1.25&pitch=-2`,
    );
  });
});
