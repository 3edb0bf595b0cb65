import { describe, expect, it } from 'vitest';
import { listVoices } from '~/app/components/voice-list';
import {
  DEFAULT_VOICE_ID,
  defaultVoiceId,
  findVoice,
  QUALITY_LABELS,
  rankVoices,
  VOICES,
  type Voice,
  voiceQuality,
} from '~/contract/voices';

const live = (engine: Voice['engine'], engineVoice: string, language = 'en-US'): Voice => ({
  id: `${engine}:${engineVoice}`,
  name: engineVoice,
  language,
  languageName: language,
  gender: 'female',
  engine,
  engineVoice,
  preview: 'Hi there.',
});

const all = { search: '', language: '', gender: '' };
const sally = findVoice('en-us-festival-slt')!;

describe('how a voice is labelled', () => {
  it('calls neural cloud voices Natural, Festival HTS Standard and eSpeak NG Robotic', () => {
    const label = (voice: Voice) => QUALITY_LABELS[voiceQuality(voice)];
    expect(label(findVoice('openai-nova')!)).toBe('Natural');
    expect(label(findVoice('elevenlabs-rachel')!)).toBe('Natural');
    expect(label(live('azure', 'en-US-JennyNeural'))).toBe('Natural');
    for (const google of ['en-US-Wavenet-F', 'en-US-Neural2-C', 'en-US-Studio-O', 'en-US-Chirp3-HD-Sage'])
      expect(label(live('google', google))).toBe('Natural');
    expect(label(live('google', 'en-US-Standard-A'))).toBe('Standard');
    expect(label(sally)).toBe('Standard');
    expect(label(findVoice(DEFAULT_VOICE_ID)!)).toBe('Robotic');
  });
});

describe('the order of the picker', () => {
  it('puts the voices the server can use first, the better-sounding first among them', () => {
    const qualities = (voices: Voice[]) => [...new Set(voices.map(voiceQuality))];
    const withFestival = listVoices(all, { festival: true }, VOICES);
    expect(withFestival[0]).toBe(sally);
    expect(qualities(withFestival.filter((v) => v.engine === 'espeak' || v.engine === 'festival'))).toEqual([
      'standard',
      'robotic',
    ]);
    // Cloud voices without a key come after every usable one, still best first.
    expect(
      withFestival
        .slice(withFestival.findIndex((v) => v.engine === 'openai'))
        .every((v) => v.engine === 'openai' || v.engine === 'elevenlabs'),
    ).toBe(true);

    const withOpenAi = rankVoices(VOICES, { festival: true, openai: true });
    expect(qualities(withOpenAi.slice(0, VOICES.filter((v) => v.engine !== 'elevenlabs').length))).toEqual([
      'natural',
      'standard',
      'robotic',
    ]);
    expect(withOpenAi.slice(0, 9).every((v) => v.engine === 'openai')).toBe(true);
  });

  it('keeps the catalogue order within a quality', () => {
    const espeak = VOICES.filter((v) => v.engine === 'espeak');
    expect(rankVoices(espeak, {})).toEqual(espeak);
  });
});

describe('the default voice', () => {
  it('is Festival HTS when installed and no cloud key is set, eSpeak’s Olivia without it', () => {
    expect(defaultVoiceId(VOICES, { festival: true })).toBe(sally.id);
    expect(defaultVoiceId(VOICES, {})).toBe(DEFAULT_VOICE_ID);
    expect(defaultVoiceId(VOICES, { festival: false, openai: false })).toBe(DEFAULT_VOICE_ID);
  });

  it('is a natural English voice where a cloud engine is set up, US English first', () => {
    expect(voiceQuality(findVoice(defaultVoiceId(VOICES, { festival: true, openai: true }))!)).toBe('natural');
    const azure = [
      live('azure', 'de-DE-KatjaNeural', 'de-DE'),
      live('azure', 'en-AU-NatashaNeural', 'en-AU'),
      live('azure', 'en-US-AvaNeural'),
    ];
    expect(defaultVoiceId([...VOICES, ...azure], { festival: true, azure: true })).toBe('azure:en-US-AvaNeural');
    // A neural voice in another language is never the English default.
    expect(defaultVoiceId([...VOICES, azure[0]!], { festival: true, azure: true })).toBe(sally.id);
  });
});
